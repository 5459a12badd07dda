use arachne::games::GameInfo;
use arachne::*;
use arachne_games::{with_game, GameVisitor};

struct Depth(Option<u32>);
impl GameVisitor for Depth {
    type Output = Result<u32, String>;
    fn visit<G: Game>(self, _root: G, info: GameInfo) -> Self::Output {
        resolve_depth(self.0, &info)
    }
}

#[test]
fn depths_are_checked_against_the_game() {
    let tree = "iid:n=3,d=5,seed=1";
    assert_eq!(with_game(tree, Depth(None)).unwrap(), Ok(5));
    assert_eq!(with_game(tree, Depth(Some(3))).unwrap(), Ok(3));
    let e = with_game(tree, Depth(Some(6))).unwrap().unwrap_err();
    assert!(e.contains("exceeds the depth of the tree (5)"), "{e}");
    assert!(with_game(tree, Depth(Some(0))).unwrap().is_err());
    let e = with_game("connect4", Depth(Some(MAX_SEARCH_DEPTH + 1)))
        .unwrap()
        .unwrap_err();
    assert!(e.contains("beyond the supported"), "{e}");
}

#[test]
fn unknown_algorithms_are_listed() {
    let e = algo_error("unknown algorithm `foo` (known: x)");
    assert!(
        e.starts_with("unknown algorithm `foo` (serial: negamax, "),
        "{e}"
    );
    assert!(e.contains("tree-split"), "{e}");
    assert_eq!(algo_error("bad option"), "bad option");
}

#[test]
fn names_along_a_line() {
    let root = arachne_games::Chess::startpos();
    let mut moves = Vec::new();
    root.moves(&mut moves);
    let e4 = moves
        .iter()
        .copied()
        .find(|&m| root.move_name(m) == "e2e4")
        .unwrap();
    let next = root.play(e4);
    let mut replies = Vec::new();
    next.moves(&mut replies);
    let e5 = replies
        .iter()
        .copied()
        .find(|&m| next.move_name(m) == "e7e5")
        .unwrap();
    assert_eq!(pv_names(&root, &[e4, e5]), vec!["e2e4", "e7e5"]);
}
