//! The lobby: open seeks anyone may accept (game, size, clock or
//! correspondence, rated or casual, colour), challenges to a named player,
//! and invitation codes a guest joins a game by. It only matches players;
//! the server starts the game a match makes.

use std::collections::{BTreeMap, HashMap};

use breakline_rules::Side;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ids::{ChallengeId, PlayerId, SeekId};
use crate::spec::{ColourChoice, GameSpec};

/// The most seeks, challenges and invitations one player may have open.
pub const MAX_OPEN: usize = 10;

/// Why a lobby request was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LobbyError {
    /// No such open seek.
    #[error("no such seek")]
    NoSuchSeek,
    /// No such challenge to the asker.
    #[error("no such challenge")]
    NoSuchChallenge,
    /// No such invitation code.
    #[error("no such invitation")]
    NoSuchInvitation,
    /// Accepting one's own seek, challenging oneself.
    #[error("you cannot play yourself")]
    Yourself,
    /// Too many open at once.
    #[error("at most 10 seeks, challenges and invitations may be open at once")]
    TooMany,
    /// An invitation for a rated game (a guest has no rating).
    #[error("an invitation is for a casual game")]
    RatedInvitation,
}

/// An offer to play: a seek, a challenge or an invitation.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Offer {
    /// Who made it.
    pub owner: PlayerId,
    /// Their name.
    pub owner_name: String,
    /// The game it is for.
    pub spec: GameSpec,
    /// The colour the owner asked for.
    pub colour: ColourChoice,
}

impl Offer {
    /// White and Black once `other` accepts, `coin` deciding a random colour.
    pub fn seats(&self, other: PlayerId, coin: bool) -> [PlayerId; 2] {
        match self.colour.side(coin) {
            Side::White => [self.owner, other],
            Side::Black => [other, self.owner],
        }
    }
}

/// A seek as the lobby lists it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeekView {
    /// Its id.
    pub seek: SeekId,
    /// The offer.
    #[serde(flatten)]
    pub offer: Offer,
}

/// The open seeks, challenges and invitations.
#[derive(Debug, Default)]
pub struct Lobby {
    seeks: BTreeMap<SeekId, Offer>,
    challenges: BTreeMap<ChallengeId, (Offer, PlayerId)>,
    invitations: HashMap<String, Offer>,
    next_id: u64,
}

impl Lobby {
    fn open_by(&self, player: PlayerId) -> usize {
        let seeks = self.seeks.values().filter(|o| o.owner == player).count();
        let challenges = self.challenges.values().filter(|(o, _)| o.owner == player).count();
        seeks + challenges + self.invitations.values().filter(|o| o.owner == player).count()
    }

    fn next(&mut self, owner: PlayerId) -> Result<u64, LobbyError> {
        if self.open_by(owner) >= MAX_OPEN {
            return Err(LobbyError::TooMany);
        }
        self.next_id += 1;
        Ok(self.next_id)
    }

    /// Opens a seek.
    pub fn seek(&mut self, offer: Offer) -> Result<SeekId, LobbyError> {
        let id = SeekId(self.next(offer.owner)?);
        self.seeks.insert(id, offer);
        Ok(id)
    }

    /// The open seeks, oldest first.
    pub fn seeks(&self) -> Vec<SeekView> {
        self.seeks.iter().map(|(&seek, offer)| SeekView { seek, offer: offer.clone() }).collect()
    }

    /// Withdraws `player`'s seek.
    pub fn cancel_seek(&mut self, player: PlayerId, seek: SeekId) -> Result<(), LobbyError> {
        match self.seeks.get(&seek) {
            Some(offer) if offer.owner == player => {
                self.seeks.remove(&seek);
                Ok(())
            }
            _ => Err(LobbyError::NoSuchSeek),
        }
    }

    /// `player` accepts a seek: it is gone from the lobby.
    pub fn accept_seek(&mut self, player: PlayerId, seek: SeekId) -> Result<Offer, LobbyError> {
        let offer = self.seeks.get(&seek).ok_or(LobbyError::NoSuchSeek)?;
        if offer.owner == player {
            return Err(LobbyError::Yourself);
        }
        self.seeks.remove(&seek).ok_or(LobbyError::NoSuchSeek)
    }

    /// Challenges `to`.
    pub fn challenge(&mut self, offer: Offer, to: PlayerId) -> Result<ChallengeId, LobbyError> {
        if offer.owner == to {
            return Err(LobbyError::Yourself);
        }
        let id = ChallengeId(self.next(offer.owner)?);
        self.challenges.insert(id, (offer, to));
        Ok(id)
    }

    /// `player`, the one challenged, accepts or declines: either way it is gone.
    pub fn answer_challenge(&mut self, player: PlayerId, challenge: ChallengeId) -> Result<Offer, LobbyError> {
        match self.challenges.get(&challenge) {
            Some((_, to)) if *to == player => {}
            _ => return Err(LobbyError::NoSuchChallenge),
        }
        self.challenges.remove(&challenge).map(|(offer, _)| offer).ok_or(LobbyError::NoSuchChallenge)
    }

    /// Opens an invitation under `code` (casual games only).
    pub fn invite(&mut self, offer: Offer, code: String) -> Result<(), LobbyError> {
        if offer.spec.rated {
            return Err(LobbyError::RatedInvitation);
        }
        self.next(offer.owner)?;
        self.invitations.insert(code, offer);
        Ok(())
    }

    /// The invitation under `code`, used up.
    pub fn redeem(&mut self, code: &str) -> Result<Offer, LobbyError> {
        self.invitations.remove(code).ok_or(LobbyError::NoSuchInvitation)
    }

    /// Withdraws everything `player` has open (they are gone).
    pub fn withdraw_all(&mut self, player: PlayerId) {
        self.seeks.retain(|_, o| o.owner != player);
        self.challenges.retain(|_, (o, _)| o.owner != player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::TimeMode;
    use breakline_rules::{BoardSize, Variant};

    fn offer(owner: i64, colour: ColourChoice) -> Offer {
        let time = TimeMode::Correspondence { days: 3 };
        let spec = GameSpec { variant: Variant::Breakthrough, size: BoardSize::new(5, 5), time, rated: true };
        Offer { owner: PlayerId(owner), owner_name: format!("p{owner}"), spec, colour }
    }

    #[test]
    fn a_seek_is_accepted_once_and_not_by_its_owner() {
        let mut lobby = Lobby::default();
        let id = lobby.seek(offer(1, ColourChoice::Black)).unwrap();
        assert_eq!(lobby.accept_seek(PlayerId(1), id), Err(LobbyError::Yourself));
        let taken = lobby.accept_seek(PlayerId(2), id).unwrap();
        assert_eq!(taken.seats(PlayerId(2), true), [PlayerId(2), PlayerId(1)]);
        assert_eq!(lobby.accept_seek(PlayerId(3), id), Err(LobbyError::NoSuchSeek));
    }

    #[test]
    fn challenges_go_to_their_player_and_invitations_are_casual() {
        let mut lobby = Lobby::default();
        let id = lobby.challenge(offer(1, ColourChoice::White), PlayerId(2)).unwrap();
        assert_eq!(lobby.answer_challenge(PlayerId(3), id), Err(LobbyError::NoSuchChallenge));
        assert!(lobby.answer_challenge(PlayerId(2), id).is_ok());
        assert_eq!(lobby.invite(offer(1, ColourChoice::White), "x".into()), Err(LobbyError::RatedInvitation));
        for _ in 0..MAX_OPEN {
            lobby.seek(offer(1, ColourChoice::Random)).unwrap();
        }
        assert_eq!(lobby.seek(offer(1, ColourChoice::Random)), Err(LobbyError::TooMany));
    }
}
