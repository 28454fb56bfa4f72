//! The tag map: what each NFC tag on the table is (a player's token, the deed of a square, a
//! deck card, or a game piece of the games to come), keyed by UID. Saved as TOML, written
//! whole to a temporary file and renamed, so a power cut never leaves half a map.

use serde::{Deserialize, Serialize};
use std::path::Path;

use crate::hw::Uid;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "what")]
pub enum TagKind {
    /// A player's token: tapping it says "this player".
    Player { name: String },
    /// The deed of a square (by id).
    Deed { square: String },
    /// A card of a deck (by ids).
    Card { deck: String, card: String },
    /// Anything else (a grid-game card, an Illuminati group): a label for now.
    Piece { label: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub uid: String,
    #[serde(flatten)]
    pub kind: TagKind,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagMap {
    #[serde(default, rename = "tag")]
    pub tags: Vec<Tag>,
}

impl TagKind {
    pub fn describe(&self) -> String {
        match self {
            TagKind::Player { name } => format!("token of {name}"),
            TagKind::Deed { square } => format!("deed {square}"),
            TagKind::Card { deck, card } => format!("card {deck}:{card}"),
            TagKind::Piece { label } => format!("piece {label}"),
        }
    }
}

impl TagMap {
    /// Load the map; a missing file is an empty map.
    pub fn load(path: &Path) -> Result<TagMap, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str(&text).map_err(|e| {
                let line = e
                    .span()
                    .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1)
                    .unwrap_or(0);
                format!("{}:{line}: {}", path.display(), e.message())
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(TagMap::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        let tmp = path.with_extension("toml.new");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::File::open(&tmp)?.sync_all())
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: cannot save the tag map: {e}", path.display()))
    }

    pub fn get(&self, uid: &Uid) -> Option<&TagKind> {
        let hex = uid.hex();
        self.tags.iter().find(|t| t.uid == hex).map(|t| &t.kind)
    }

    /// Enroll (or re-enroll) a tag.
    pub fn set(&mut self, uid: &Uid, kind: TagKind) {
        let hex = uid.hex();
        self.tags.retain(|t| t.uid != hex);
        self.tags.push(Tag { uid: hex, kind });
    }

    pub fn remove(&mut self, uid: &Uid) -> bool {
        let hex = uid.hex();
        let before = self.tags.len();
        self.tags.retain(|t| t.uid != hex);
        before != self.tags.len()
    }
}
