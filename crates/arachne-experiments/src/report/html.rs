//! The small Markdown subset of the reports' details, converted to HTML: `#` headings,
//! tables of `|` lines (the second line the rule), `- ` lists, paragraphs, `` `code` `` and
//! `**bold**`.
use std::fmt::Write as _;

/// HTML-escapes text.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

/// Inline Markdown: escapes, then `` `code` `` and `**bold**` (and `\|` → `|`).
pub(super) fn inline(s: &str) -> String {
    let s = s.replace("\\|", "|");
    let mut out = String::new();
    for (i, part) in s.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", esc(part));
        } else {
            for (j, b) in esc(part).split("**").enumerate() {
                if j % 2 == 1 {
                    let _ = write!(out, "<strong>{b}</strong>");
                } else {
                    out.push_str(b);
                }
            }
        }
    }
    out
}

fn table_cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    // Split on `|` not preceded by a backslash.
    let mut cells = Vec::new();
    let mut cur = String::new();
    let mut prev = ' ';
    for c in t.chars() {
        if c == '|' && prev != '\\' {
            cells.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
        prev = c;
    }
    cells.push(cur.trim().to_string());
    cells
}

/// Converts the Markdown subset the reports use into HTML: `#` headings, `|` tables (first
/// line the header, second the rule), `- ` lists, `![caption](src)` images, `---` rules and
/// paragraphs; inline `` `code` `` and `**bold**`. Everything else is escaped text.
pub fn markdown_to_html(md: &str) -> String {
    let mut h = String::new();
    let lines: Vec<&str> = md.lines().collect();
    let mut i = 0;
    let mut para: Vec<&str> = Vec::new();
    let flush = |para: &mut Vec<&str>, h: &mut String| {
        if !para.is_empty() {
            let _ = writeln!(h, "<p>{}</p>", inline(&para.join(" ")));
            para.clear();
        }
    };
    while i < lines.len() {
        let l = lines[i].trim_end();
        let t = l.trim_start();
        if t.is_empty() {
            flush(&mut para, &mut h);
            i += 1;
        } else if t.starts_with('#') {
            flush(&mut para, &mut h);
            let level = t.chars().take_while(|&c| c == '#').count().min(6);
            let _ = writeln!(h, "<h{level}>{}</h{level}>", inline(t[level..].trim()));
            i += 1;
        } else if t.starts_with('|') {
            flush(&mut para, &mut h);
            h.push_str("<table>\n");
            let mut first = true;
            while i < lines.len() && lines[i].trim_start().starts_with('|') {
                let cells = table_cells(lines[i]);
                let rule = cells
                    .iter()
                    .all(|c| !c.is_empty() && c.chars().all(|x| matches!(x, '-' | ':' | ' ')));
                if !rule {
                    let tag = if first { "th" } else { "td" };
                    h.push_str("<tr>");
                    for c in cells {
                        let _ = write!(h, "<{tag}>{}</{tag}>", inline(&c));
                    }
                    h.push_str("</tr>\n");
                    first = false;
                }
                i += 1;
            }
            h.push_str("</table>\n");
        } else if t.starts_with("- ") || t.starts_with("* ") {
            flush(&mut para, &mut h);
            h.push_str("<ul>\n");
            while i < lines.len() {
                let x = lines[i].trim_start();
                if let Some(item) = x.strip_prefix("- ").or_else(|| x.strip_prefix("* ")) {
                    let _ = writeln!(h, "<li>{}</li>", inline(item));
                    i += 1;
                } else {
                    break;
                }
            }
            h.push_str("</ul>\n");
        } else if t == "---" {
            flush(&mut para, &mut h);
            h.push_str("<hr>\n");
            i += 1;
        } else if let Some(rest) = t.strip_prefix("![") {
            flush(&mut para, &mut h);
            if let Some((cap, src)) = rest.split_once("](") {
                let _ = writeln!(
                    h,
                    "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
                    esc(src.trim_end_matches(')')),
                    esc(cap),
                    inline(cap)
                );
            }
            i += 1;
        } else {
            para.push(t);
            i += 1;
        }
    }
    flush(&mut para, &mut h);
    h
}
