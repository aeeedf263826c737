//! What `breakline uci` says of itself and of its game: the `id` and
//! `option` lines answering `uci`/`ugi`, and UGI's referee `response`s.

use crate::uci::{BOTH_CONNECTED_OPTION, first_mover, variant_name};
use crate::{Id, OptionKind, OptionSpec, Protocol, Query, Reply, Response, UgiResult};
use breakline_ai::search::{AiConfig, limits};
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::position::Position;
use breakline_rules::{Outcome, Variant};

/// The replies to `uci` or `ugi`: name, author, the options with their
/// defaults (`ai` is the session's config), and `uciok`/`ugiok`.
pub(crate) fn hello(protocol: Protocol, ai: &AiConfig) -> Vec<Reply> {
    let spin = |name: &str, default: i64, min: i64, max: i64| OptionSpec {
        name: name.to_string(),
        kind: OptionKind::Spin { default, min, max },
    };
    let options = [
        OptionSpec {
            name: "UCI_Variant".to_string(),
            kind: OptionKind::Combo {
                default: variant_name(Variant::Breakthrough).to_string(),
                vars: Variant::ALL.iter().map(|&v| variant_name(v).to_string()).collect(),
            },
        },
        spin("Threads", 1, i64::from(*limits::THREADS.start()), i64::from(*limits::THREADS.end())),
        spin(
            "Hash",
            i64::from(ai.tt_mib()),
            i64::from(*limits::TABLE_MIB.start()),
            i64::from(*limits::TABLE_MIB.end()),
        ),
        spin("MultiPV", 1, *limits::MULTIPV.start() as i64, *limits::MULTIPV.end() as i64),
        OptionSpec { name: "UCI_ShowWDL".to_string(), kind: OptionKind::Check { default: false } },
        OptionSpec { name: "AI".to_string(), kind: OptionKind::String { default: ai.to_string() } },
        spin("MoveLimit", i64::from(loa_move_limit()), 1, i64::from(u32::MAX)),
        // Empty: the nets found at start (`BREAKLINE_NETS`, then the shipped ones).
        OptionSpec { name: "EvalFile".to_string(), kind: OptionKind::String { default: String::new() } },
        OptionSpec {
            name: BOTH_CONNECTED_OPTION.to_string(),
            kind: OptionKind::Combo {
                default: BothConnected::default().id().to_string(),
                vars: [BothConnected::MoverWins, BothConnected::Draw].iter().map(|r| r.id().to_string()).collect(),
            },
        },
    ];
    let mut replies = vec![
        Reply::Id(Id::Name(format!("Breakline {}", env!("CARGO_PKG_VERSION")))),
        Reply::Id(Id::Author("the Breakline authors".to_string())),
    ];
    replies.extend(options.into_iter().map(Reply::Option));
    replies.push(Reply::HelloOk(protocol));
    replies
}

/// Lines of Action's draw limit unless set, in plies, as a new game has it.
fn loa_move_limit() -> u32 {
    let variant = Variant::LinesOfAction;
    Position::start(variant, variant.default_size()).ok().and_then(|p| p.move_limit()).unwrap_or(1)
}

/// UGI's answer to `query` about `position`; p1 is the side that moves first.
pub(crate) fn response(query: Query, position: &Position) -> Response {
    let p1 = first_mover(position.variant());
    match (query, position.outcome()) {
        (Query::GameOver, outcome) => Response::Flag(outcome.is_over()),
        (Query::P1Turn, _) => Response::Flag(position.side_to_move() == p1),
        (Query::Result, Outcome::Ongoing) => Response::Result(UgiResult::None),
        (Query::Result, Outcome::Draw { .. }) => Response::Result(UgiResult::Draw),
        (Query::Result, Outcome::Win { winner, .. }) if winner == p1 => Response::Result(UgiResult::P1Win),
        (Query::Result, Outcome::Win { .. }) => Response::Result(UgiResult::P2Win),
    }
}
