//! Wrong versions of a blank's answer, made from its tokens: one small change
//! each (an operator swapped, a method swapped, a statement deleted, an
//! operand dropped, a `!` removed, a literal moved by one, a variable
//! replaced by another of the blank, a condition negated whole), the way a
//! student gets a blank wrong.
//!
//! The answer is parsed as a block's statements with `syn`, each change is
//! made on the syntax tree and the tree printed back as tokens
//! (`self . columns . contains (& col)`: no layout, which the compiler does
//! not need). The cheapest and likeliest changes come first, so that a check
//! that stops once every test is failed grades few of them.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Block, Expr, Lit, Stmt};

/// One wrong version of a blank's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mutant {
    /// What was changed, for people: "`||` → `&&` in `a || b`".
    pub change: String,
    /// The whole answer with that change, as tokens.
    pub code: String,
}

/// The kinds of change, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Operator,
    Method,
    Statement,
    Operand,
    Negation,
    Literal,
    Variable,
}

/// Every wrong version of `answer` (a blank's code, comments and all), the
/// likeliest first, none twice, none equal to the answer; `Err` when the
/// answer is not a block's statements.
pub fn mutants(answer: &str) -> Result<Vec<Mutant>, String> {
    let block: Block = syn::parse_str(&format!("{{\n{answer}\n}}"))
        .map_err(|e| format!("the answer is not Rust statements ({e})"))?;
    let original = print(&block);
    let mut census = Sites::new(None, locals(&block));
    census.visit_block_mut(&mut block.clone());
    let mut order: Vec<(Kind, usize, String)> = census
        .found
        .into_iter()
        .enumerate()
        .map(|(index, (kind, change))| (kind, index, change))
        .collect();
    order.sort_by_key(|(kind, index, _)| (*kind, *index));
    let mut seen = BTreeSet::from([original]);
    let mut made = Vec::new();
    for (kind, index, change) in order {
        let mut copy = block.clone();
        Sites::new(Some(index), census.locals.clone()).visit_block_mut(&mut copy);
        push_new(&mut made, &mut seen, change, print(&copy));
        // The two sides of a pair swapped everywhere at once (the shifts of
        // a bitmask walk): right after the first single swap of that pair.
        if kind == Kind::Operator
            && let Some(pair) = census_pair(&block, index)
        {
            let mut copy = block.clone();
            let mut swap = SwapAll { pair, swapped: 0 };
            swap.visit_block_mut(&mut copy);
            if swap.swapped >= 2 {
                let change = format!(
                    "every `{}` and `{}` swapped",
                    op_text(&pair.0),
                    op_text(&pair.1)
                );
                push_new(&mut made, &mut seen, change, print(&copy));
            }
        }
    }
    if let Some((change, code)) = negated(&block) {
        push_new(&mut made, &mut seen, change, code);
    }
    Ok(made)
}

/// The whole answer negated, when it ends in a condition (`a || b`, `x ==
/// y`): a check that says the opposite (free for attacked) is a likely
/// wrong check, and the one only a question with a `true` answer catches.
/// Last: it is graded only while a test of its blank is still free.
fn negated(block: &Block) -> Option<(String, String)> {
    let mut copy = block.clone();
    let Some(Stmt::Expr(tail, None)) = copy.stmts.last_mut() else {
        return None;
    };
    let Expr::Binary(binary) = &*tail else {
        return None;
    };
    let condition = matches!(
        binary.op,
        BinOp::Or(_)
            | BinOp::And(_)
            | BinOp::Eq(_)
            | BinOp::Ne(_)
            | BinOp::Lt(_)
            | BinOp::Le(_)
            | BinOp::Gt(_)
            | BinOp::Ge(_)
    );
    if !condition {
        return None;
    }
    let change = format!("the answer negated: `!({})`", snippet(&*tail));
    let inner = tail.clone();
    *tail = syn::parse_quote!(!(#inner));
    Some((change, print(&copy)))
}

fn push_new(made: &mut Vec<Mutant>, seen: &mut BTreeSet<String>, change: String, code: String) {
    if seen.insert(code.clone()) {
        made.push(Mutant { change, code });
    }
}

/// The statements of `block` as tokens, without its braces.
fn print(block: &Block) -> String {
    let mut tokens = TokenStream::new();
    for stmt in &block.stmts {
        stmt.to_tokens(&mut tokens);
    }
    tokens.to_string()
}

/// Tokens as people read them: `self.columns.contains(&col)`, cut at 50
/// characters.
fn snippet(node: &impl ToTokens) -> String {
    let mut text = node.to_token_stream().to_string();
    for (spaced, tight) in [
        (" . ", "."),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" ,", ","),
        (" ;", ";"),
        ("& ", "&"),
        ("! ", "!"),
        (" [", "["),
        ("[ ", "["),
        (" ]", "]"),
    ] {
        text = text.replace(spaced, tight);
    }
    if text.chars().count() > 50 {
        text = text.chars().take(49).collect::<String>() + "…";
    }
    text
}

/// The variables of the blank: single names used as values, `self` aside.
fn locals(block: &Block) -> Vec<String> {
    #[derive(Default)]
    struct Names(Vec<String>);
    impl VisitMut for Names {
        fn visit_expr_mut(&mut self, expr: &mut Expr) {
            if let Some(name) = variable(expr)
                && !self.0.contains(&name)
            {
                self.0.push(name);
            }
            visit_mut::visit_expr_mut(self, expr);
        }
        fn visit_expr_call_mut(&mut self, call: &mut syn::ExprCall) {
            // A function's name is not a variable.
            for arg in &mut call.args {
                self.visit_expr_mut(arg);
            }
        }
    }
    let mut names = Names::default();
    names.visit_block_mut(&mut block.clone());
    names.0
}

/// The name of an expression that is one lower-case name (`col`), not `self`.
fn variable(expr: &Expr) -> Option<String> {
    let Expr::Path(path) = expr else { return None };
    let ident = path.path.get_ident()?.to_string();
    (path.qself.is_none()
        && ident != "self"
        && ident.starts_with(|c: char| c.is_ascii_lowercase() || c == '_'))
    .then_some(ident)
}

/// The operators a binary operator is swapped for.
fn swaps(op: &BinOp) -> Vec<BinOp> {
    match op {
        BinOp::Add(_) => vec![BinOp::Sub(Default::default())],
        BinOp::Sub(_) => vec![BinOp::Add(Default::default())],
        BinOp::Mul(_) => vec![BinOp::Div(Default::default())],
        BinOp::Div(_) => vec![BinOp::Mul(Default::default())],
        BinOp::Rem(_) => vec![BinOp::Div(Default::default())],
        BinOp::And(_) => vec![BinOp::Or(Default::default())],
        BinOp::Or(_) => vec![BinOp::And(Default::default())],
        BinOp::BitAnd(_) => vec![BinOp::BitOr(Default::default())],
        BinOp::BitOr(_) => vec![BinOp::BitAnd(Default::default())],
        BinOp::BitXor(_) => vec![BinOp::BitOr(Default::default())],
        BinOp::Shl(_) => vec![BinOp::Shr(Default::default())],
        BinOp::Shr(_) => vec![BinOp::Shl(Default::default())],
        BinOp::Eq(_) => vec![BinOp::Ne(Default::default())],
        BinOp::Ne(_) => vec![BinOp::Eq(Default::default())],
        BinOp::Lt(_) => vec![BinOp::Le(Default::default()), BinOp::Gt(Default::default())],
        BinOp::Le(_) => vec![BinOp::Lt(Default::default()), BinOp::Ge(Default::default())],
        BinOp::Gt(_) => vec![BinOp::Ge(Default::default()), BinOp::Lt(Default::default())],
        BinOp::Ge(_) => vec![BinOp::Gt(Default::default()), BinOp::Le(Default::default())],
        BinOp::AddAssign(_) => vec![BinOp::SubAssign(Default::default())],
        BinOp::SubAssign(_) => vec![BinOp::AddAssign(Default::default())],
        BinOp::BitOrAssign(_) => vec![BinOp::BitAndAssign(Default::default())],
        BinOp::BitAndAssign(_) => vec![BinOp::BitOrAssign(Default::default())],
        BinOp::ShlAssign(_) => vec![BinOp::ShrAssign(Default::default())],
        BinOp::ShrAssign(_) => vec![BinOp::ShlAssign(Default::default())],
        _ => Vec::new(),
    }
}

/// The operators whose one side may be dropped (`a || b` → `a`).
fn droppable(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::Or(_)
            | BinOp::And(_)
            | BinOp::BitOr(_)
            | BinOp::BitAnd(_)
            | BinOp::BitXor(_)
            | BinOp::Add(_)
            | BinOp::Sub(_)
    )
}

/// The operators swapped everywhere at once, as a pair.
const PAIRS: [(&str, &str); 3] = [("<<", ">>"), ("+", "-"), ("<", ">")];

fn op_text(op: &BinOp) -> String {
    op.to_token_stream().to_string()
}

/// The pair the operator site `index` belongs to, when it is the first site
/// of that pair and the block holds both sides of it.
fn census_pair(block: &Block, index: usize) -> Option<(BinOp, BinOp)> {
    let mut ops = Operators::default();
    ops.visit_block_mut(&mut block.clone());
    let texts: Vec<String> = ops.0.iter().map(|(_, op)| op_text(op)).collect();
    let (_, op) = ops.0.iter().find(|(site, _)| *site == index)?;
    let text = op_text(op);
    let (left, right) = PAIRS.into_iter().find(|(a, b)| text == *a || text == *b)?;
    let first = ops
        .0
        .iter()
        .find(|(_, op)| op_text(op) == left || op_text(op) == right)?;
    (first.0 == index && texts.contains(&left.into()) && texts.contains(&right.into())).then(|| {
        let parse = |t: &str| syn::parse_str::<BinOp>(t).expect("an operator");
        (parse(left), parse(right))
    })
}

/// Every binary operator with the index of its first swap site (as
/// [`Sites`] numbers them).
#[derive(Default)]
struct Operators(Vec<(usize, BinOp)>);

impl VisitMut for Operators {
    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut sites = Sites::new(None, locals(block));
        sites.on_operator = Some(self);
        sites.visit_block_mut(block);
    }
}

/// Swaps both sides of a pair of operators everywhere.
struct SwapAll {
    pair: (BinOp, BinOp),
    swapped: usize,
}

impl VisitMut for SwapAll {
    fn visit_bin_op_mut(&mut self, op: &mut BinOp) {
        let text = op_text(op);
        if text == op_text(&self.pair.0) {
            *op = self.pair.1;
            self.swapped += 1;
        } else if text == op_text(&self.pair.1) {
            *op = self.pair.0;
            self.swapped += 1;
        }
    }
}

/// Numbers every place a change can be made, in the tree's order; with a
/// target, makes that one change.
struct Sites<'a> {
    target: Option<usize>,
    next: usize,
    found: Vec<(Kind, String)>,
    locals: Vec<String>,
    on_operator: Option<&'a mut Operators>,
}

impl<'a> Sites<'a> {
    fn new(target: Option<usize>, locals: Vec<String>) -> Self {
        Self {
            target,
            next: 0,
            found: Vec::new(),
            locals,
            on_operator: None,
        }
    }

    /// Numbers one change; true when it is the one to make.
    fn site(&mut self, kind: Kind, change: impl FnOnce() -> String) -> bool {
        let index = self.next;
        self.next += 1;
        if self.target.is_none() {
            self.found.push((kind, change()));
        }
        self.target == Some(index)
    }

    fn binary(&mut self, expr: &mut Expr) {
        let Expr::Binary(binary) = expr else { return };
        if let Some(operators) = self.on_operator.as_deref_mut() {
            operators.0.push((self.next, binary.op));
        }
        let shown = snippet(&*binary);
        for swap in swaps(&binary.op) {
            let change = || {
                format!(
                    "`{}` → `{}` in `{shown}`",
                    op_text(&binary.op),
                    op_text(&swap)
                )
            };
            if self.site(Kind::Operator, change) {
                binary.op = swap;
            }
        }
        if droppable(&binary.op) {
            let (left, right) = (snippet(&*binary.left), snippet(&*binary.right));
            if self.site(Kind::Operand, || format!("`{shown}` → `{left}`")) {
                *expr = (*binary.left).clone();
                return;
            }
            if self.site(Kind::Operand, || format!("`{shown}` → `{right}`")) {
                *expr = (*binary.right).clone();
            }
        }
    }

    fn unary(&mut self, expr: &mut Expr) {
        let Expr::Unary(unary) = expr else { return };
        if matches!(unary.op, syn::UnOp::Not(_) | syn::UnOp::Neg(_)) {
            let shown = snippet(&*unary);
            let op = unary.op.to_token_stream().to_string();
            if self.site(Kind::Negation, || format!("`{op}` dropped from `{shown}`")) {
                *expr = (*unary.expr).clone();
            }
        }
    }

    fn literal(&mut self, expr: &mut Expr) {
        let Expr::Lit(literal) = expr else { return };
        match &mut literal.lit {
            Lit::Bool(value) => {
                let was = value.value;
                if self.site(Kind::Operator, || format!("`{was}` → `{}`", !was)) {
                    value.value = !was;
                }
            }
            Lit::Int(int) => {
                let Ok(value) = int.base10_parse::<u128>() else {
                    return;
                };
                let suffix = int.suffix().to_owned();
                let span = int.span();
                for moved in [value.checked_add(1), value.checked_sub(1)]
                    .into_iter()
                    .flatten()
                {
                    if self.site(Kind::Literal, || format!("`{value}` → `{moved}`")) {
                        *int = syn::LitInt::new(&format!("{moved}{suffix}"), span);
                    }
                }
            }
            _ => {}
        }
    }

    fn method(&mut self, call: &mut syn::ExprMethodCall) {
        let name = call.method.to_string();
        let Some(other) = METHODS
            .iter()
            .find_map(|(a, b)| (name == *a).then_some(*b).or((name == *b).then_some(*a)))
        else {
            return;
        };
        let shown = snippet(&*call);
        if !self.site(Kind::Method, || {
            format!("`{name}` → `{other}` in `{shown}`")
        }) {
            return;
        }
        call.method = syn::Ident::new(other, call.method.span());
        // A set's `insert` takes the value and `remove` a reference.
        if call.args.len() == 1
            && let Some(arg) = call.args.first_mut()
        {
            match (name.as_str(), &*arg) {
                ("remove", Expr::Reference(reference)) => *arg = (*reference.expr).clone(),
                ("insert", _) => {
                    *arg = syn::parse_quote!(&#arg);
                }
                _ => {}
            }
        }
    }

    fn replace_variable(&mut self, expr: &mut Expr) {
        let Some(name) = variable(expr) else { return };
        for other in self.locals.clone() {
            if other == name {
                continue;
            }
            if self.site(Kind::Variable, || format!("`{name}` → `{other}`")) {
                *expr = syn::parse_str(&other).expect("a name is an expression");
                return;
            }
        }
    }
}

/// Methods swapped for each other.
const METHODS: [(&str, &str); 9] = [
    ("insert", "remove"),
    ("min", "max"),
    ("first", "last"),
    ("wrapping_add", "wrapping_sub"),
    ("saturating_add", "saturating_sub"),
    ("trailing_zeros", "leading_zeros"),
    ("count_ones", "count_zeros"),
    ("push_back", "push_front"),
    ("pop_back", "pop_front"),
];

impl VisitMut for Sites<'_> {
    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut index = 0;
        while index < block.stmts.len() {
            let deletable = matches!(block.stmts[index], Stmt::Expr(_, Some(_)))
                || matches!(&block.stmts[index], Stmt::Macro(m) if m.semi_token.is_some());
            let shown = snippet(&block.stmts[index]);
            if deletable && self.site(Kind::Statement, || format!("`{shown}` deleted")) {
                block.stmts.remove(index);
                continue;
            }
            self.visit_stmt_mut(&mut block.stmts[index]);
            index += 1;
        }
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        self.binary(expr);
        self.unary(expr);
        self.literal(expr);
        self.replace_variable(expr);
        if let Expr::MethodCall(call) = expr {
            self.method(call);
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_expr_call_mut(&mut self, call: &mut syn::ExprCall) {
        // A function's name is not a variable to replace.
        for arg in &mut call.args {
            self.visit_expr_mut(arg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(answer: &str) -> Vec<String> {
        mutants(answer)
            .unwrap()
            .into_iter()
            .map(|m| m.change)
            .collect()
    }

    #[test]
    fn an_or_of_lookups_gets_and_and_each_lookup_dropped() {
        let made = mutants("self.a.contains(&col) || self.b.contains(&(row + col))").unwrap();
        let codes: Vec<&str> = made.iter().map(|m| m.code.as_str()).collect();
        assert!(
            codes.contains(&"self . a . contains (& col) && self . b . contains (& (row + col))")
        );
        assert!(codes.contains(&"self . a . contains (& col)"));
        assert!(
            codes.contains(&"self . a . contains (& col) || self . b . contains (& (row - col))")
        );
        assert!(
            codes.contains(&"self . a . contains (& row) || self . b . contains (& (row + col))")
        );
        assert!(
            made[0].change.starts_with("`||` → `&&`"),
            "{}",
            made[0].change
        );
    }

    #[test]
    fn statements_are_deleted_and_insert_becomes_remove_with_a_reference() {
        let made = mutants("self.a.insert(col);\nself.b.insert(row + col);").unwrap();
        let codes: Vec<&str> = made.iter().map(|m| m.code.as_str()).collect();
        assert!(
            codes.contains(&"self . a . remove (& col) ; self . b . insert (row + col) ;"),
            "{codes:#?}"
        );
        assert!(
            codes.contains(&"self . b . insert (row + col) ;"),
            "{codes:#?}"
        );
        let back = mutants("self.a.remove(&col);").unwrap();
        assert_eq!(back[0].code, "self . a . insert (col) ;");
        assert_eq!(
            back[0].change,
            "`remove` → `insert` in `self.a.remove(&col)`"
        );
    }

    #[test]
    fn the_two_shifts_are_swapped_together_and_a_negation_dropped() {
        let found =
            changes("let bit = !(a | b) & full;\nself.place((d | bit) << 1, (e | bit) >> 1);\nbit");
        assert!(
            found.contains(&"every `<<` and `>>` swapped".to_owned()),
            "{found:#?}"
        );
        assert!(
            found.iter().any(|c| c.starts_with("`!` dropped")),
            "{found:#?}"
        );
        assert!(found.contains(&"`1` → `2`".to_owned()), "{found:#?}");
        // The likeliest first: operators before deletions before variables.
        let first_variable = found.iter().position(|c| c.starts_with("`a` →")).unwrap();
        let first_operator = found.iter().position(|c| c.starts_with("`|` →")).unwrap();
        assert!(first_operator < first_variable);
    }

    /// A condition is negated whole, last; anything else is not.
    #[test]
    fn a_condition_is_negated_whole_and_last() {
        let made = mutants("let x = 1;\nself.a.contains(&x) || x > 2").unwrap();
        let last = made.last().unwrap();
        assert!(
            last.change.starts_with("the answer negated: `!("),
            "{last:?}"
        );
        assert_eq!(
            last.code,
            "let x = 1 ; ! (self . a . contains (& x) || x > 2)"
        );
        assert!(
            !changes("x + 1").iter().any(|c| c.contains("negated")),
            "not a condition"
        );
    }

    #[test]
    fn no_mutant_twice_none_the_answer_and_not_rust_is_an_error() {
        let made = mutants("x + x").unwrap();
        let mut codes: Vec<&String> = made.iter().map(|m| &m.code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), made.len());
        assert!(!codes.iter().any(|c| c.as_str() == "x + x"));
        assert!(mutants("let = ;").is_err());
        assert!(mutants("todo!()").unwrap().is_empty());
    }
}
