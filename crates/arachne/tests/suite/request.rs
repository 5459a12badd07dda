use arachne::request::*;
use arachne_runtime::Backend;

#[test]
fn flags_make_options_limits_and_backends() {
    let mut r = SearchRequest::new("connect4", "alphabeta");
    assert_eq!(r.hash(), DEFAULT_HASH_MIB);
    assert!(r.refuse_hash("x").is_ok());
    r.hash = Some(4);
    assert_eq!(r.options().tt_mib, 4);
    assert!(r
        .refuse_hash("x")
        .unwrap_err()
        .to_string()
        .contains("x uses no"));
    r.ordering = true;
    let o = r.options();
    assert!(o.hints && o.killers && o.history && !o.preorder);
    assert!(r
        .refuse_alphabeta_options("me")
        .unwrap_err()
        .to_string()
        .starts_with("--ordering is not supported by me"));
    r.nodes = Some(7);
    let l = r.limits(3);
    assert_eq!((l.depth, l.nodes), (Some(3), Some(7)));
    assert!(l.deadline.is_none());
    assert!(matches!(r.backend(1, 1, false), Ok(Backend::Sim(_))));
    r.backend = Some("threads".into());
    assert!(matches!(
        r.backend(32, 256, true),
        Ok(Backend::Threads { poll_every: 32 })
    ));
    r.latency_seed = 3;
    assert!(r
        .backend(1, 1, false)
        .unwrap_err()
        .to_string()
        .contains("sim only"));
    r.backend = Some("carrier-pigeon".into());
    assert!(r
        .backend(1, 1, false)
        .unwrap_err()
        .to_string()
        .contains("unknown backend"));
    r.memory = Some(0);
    assert!(r.check_memory().is_err());
}
