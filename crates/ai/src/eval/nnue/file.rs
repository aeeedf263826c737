//! The net file: a versioned header, the weights little-endian, and a
//! checksum over everything before it, so a damaged, truncated or foreign
//! file is refused whole before any of it is used.
//!
//! ```text
//! magic    8 bytes  "BLNNUE\r\n" (the CR LF catches a text-mode copy)
//! version  u32      3 (2: no `second`, 128 hidden; 1: as 2 without `buckets`, one bucket)
//! variant  u8       0 Breakthrough, 1 Lines of Action
//! columns  u8, rows u8, reserved u8 (0)
//! hidden   u32      the accumulators per side (128, 256 or 512; 128 in versions 1 and 2)
//! second   u32      the second layer's units, 0 (none) to 64 (version 3 only)
//! buckets  u32      output buckets by piece count, 1 to `MAX_BUCKETS` (versions 2 and 3)
//! scale    i32      points per logit
//! input weights     i16 x (2 x cells x hidden), feature-major
//! input bias        i16 x hidden
//! second weights    i16 x (second x 2 x hidden), unit by unit the mover's
//!                   then the other side's (version 3)
//! second bias       i32 x second (version 3)
//! output weights    i16 x (buckets x inputs), bucket by bucket; the inputs
//!                   are the second layer's units, or without one the
//!                   mover's accumulators then the other side's
//! output bias       i32 x buckets
//! checksum u64      FNV-1a of every byte before it
//! ```
//!
//! This build reads all three. It writes a net of the shipped shape as
//! version 2, byte for byte what it wrote before there was a version 3 (so
//! an older build still reads it), and a net with a second layer as
//! version 3. The first shipped nets are version 1 files.

use std::path::Path;

use thiserror::Error;

use super::buckets::MAX_BUCKETS;
use super::net::{HIDDEN, Net, Shape, ShapeError, Weights, features};
use breakline_rules::error::SharedSource;
use breakline_rules::{BoardSize, Variant};

const MAGIC: &[u8; 8] = b"BLNNUE\r\n";
/// The version of a net with a second layer.
const SECOND_LAYER: u32 = 3;
/// The version of a net of the shipped shape, with a bucket count.
const BUCKETS: u32 = 2;
/// The first version: no bucket count, one output layer.
const ONE_BUCKET: u32 = 1;

/// Why a net file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NetError {
    /// The file does not open with the magic bytes.
    #[error("not a Breakline net file (no BLNNUE header)")]
    NotANet,
    #[error("net file version {0} is not one this build reads (it reads {ONE_BUCKET} to {SECOND_LAYER})")]
    /// A version this build does not read.
    Version(u32),
    #[error("net file for an unknown variant (code {0})")]
    /// A variant code this build does not know.
    Variant(u8),
    #[error("net file for an unsupported board size {columns}x{rows}")]
    /// A board size the variant is not played on.
    #[allow(missing_docs)]
    Size { columns: u8, rows: u8 },
    #[error("net file with {0} hidden units (versions 1 and 2 have {HIDDEN})")]
    /// A hidden layer of another width in a file of version 1 or 2.
    Hidden(u32),
    #[error("net file of an unknown shape: {0}")]
    /// A version 3 file of a shape this build does not read.
    Shape(ShapeError),
    #[error("net file with {0} output buckets (this build reads 1 to {MAX_BUCKETS})")]
    /// A bucket count out of range.
    Buckets(u32),
    #[error("net file truncated ({got} bytes, {want} expected)")]
    /// The file ends before the net does.
    #[allow(missing_docs)]
    Truncated { got: usize, want: usize },
    #[error("net file has {0} bytes past its end")]
    /// Bytes follow the net's end.
    Trailing(usize),
    #[error("net file damaged (checksum mismatch)")]
    /// The checksum does not match the bytes.
    Checksum,
    #[error("net file {path}: {error}")]
    /// The file could not be read or written, or was refused.
    #[allow(missing_docs)]
    Read {
        path: String,
        #[source]
        error: SharedSource,
    },
}

/// FNV-1a, 64 bits: enough to tell a damaged file, with no dependency.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn variant_code(variant: Variant) -> u8 {
    match variant {
        Variant::Breakthrough => 0,
        Variant::LinesOfAction => 1,
    }
}

/// What a file's header says, checked.
struct Header {
    variant: Variant,
    size: BoardSize,
    shape: Shape,
    buckets: usize,
}

impl Header {
    /// The bytes of the whole file, checksum included, from the header's
    /// end (`at`, after the scale).
    fn file_len(&self, at: usize) -> usize {
        let (hidden, l2) = (self.shape.hidden(), self.shape.l2());
        let words = features(self.size) * hidden + hidden + l2 * 2 * hidden + self.buckets * self.shape.output_inputs();
        at + 2 * words + 4 * (l2 + self.buckets) + 8
    }
}

impl Net {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (shape, w) = (self.shape(), self.weights());
        let version = if shape == Shape::SHIPPED { BUCKETS } else { SECOND_LAYER };
        let mut out = Vec::with_capacity(40 + 2 * w.input_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        let size = self.size();
        out.extend_from_slice(&[variant_code(self.variant()), size.columns, size.rows, 0]);
        out.extend_from_slice(&(shape.hidden() as u32).to_le_bytes());
        if version == SECOND_LAYER {
            out.extend_from_slice(&(shape.l2() as u32).to_le_bytes());
        }
        out.extend_from_slice(&(self.buckets().count() as u32).to_le_bytes());
        out.extend_from_slice(&self.points_per_logit().to_le_bytes());
        for word in w.input_weights.iter().chain(&w.input_bias).chain(&w.second_weights) {
            out.extend_from_slice(&word.to_le_bytes());
        }
        for b in &w.second_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        for word in &w.output_weights {
            out.extend_from_slice(&word.to_le_bytes());
        }
        for b in &w.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a net from its file's bytes, refusing anything but a whole,
    /// undamaged net of a supported variant, size and shape.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetError::NotANet);
        }
        let mut r = Reader { bytes, at: MAGIC.len() };
        let header = read_header(&mut r)?;
        let want = header.file_len(r.at + 4);
        if bytes.len() < want {
            return Err(NetError::Truncated { got: bytes.len(), want });
        }
        if bytes.len() > want {
            return Err(NetError::Trailing(bytes.len() - want));
        }
        let (body, sum) = bytes.split_at(want - 8);
        if checksum(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(NetError::Checksum);
        }
        let points_per_logit = r.u32()? as i32;
        let (shape, buckets) = (header.shape, header.buckets);
        let (hidden, l2) = (shape.hidden(), shape.l2());
        let weights = Weights {
            input_weights: r.i16s(features(header.size) * hidden)?,
            input_bias: r.i16s(hidden)?,
            second_weights: r.i16s(l2 * 2 * hidden)?,
            second_bias: r.i32s(l2)?,
            output_weights: r.i16s(buckets * shape.output_inputs())?,
            output_bias: r.i32s(buckets)?,
        };
        Net::with_shape(header.variant, header.size, points_per_logit, shape, weights).map_err(NetError::Shape)
    }

    /// Reads the net file at `path`.
    pub fn load(path: &Path) -> Result<Net, NetError> {
        let bytes = std::fs::read(path)
            .map_err(|e| NetError::Read { path: path.display().to_string(), error: SharedSource::new(e) })?;
        Net::from_bytes(&bytes)
            .map_err(|e| NetError::Read { path: path.display().to_string(), error: SharedSource::new(e) })
    }

    /// Writes the net file at `path`.
    pub fn save(&self, path: &Path) -> Result<(), NetError> {
        std::fs::write(path, self.to_bytes())
            .map_err(|e| NetError::Read { path: path.display().to_string(), error: SharedSource::new(e) })
    }
}

/// The header after the magic bytes, up to the scale, each field checked.
fn read_header(r: &mut Reader) -> Result<Header, NetError> {
    let version = r.u32()?;
    if !(ONE_BUCKET..=SECOND_LAYER).contains(&version) {
        return Err(NetError::Version(version));
    }
    let [code, columns, rows, _] = r.take::<4>()?;
    let variant = match code {
        0 => Variant::Breakthrough,
        1 => Variant::LinesOfAction,
        other => return Err(NetError::Variant(other)),
    };
    let size = BoardSize::new(columns, rows);
    if variant.check_size(size).is_err() {
        return Err(NetError::Size { columns, rows });
    }
    let hidden = r.u32()?;
    let shape = if version == SECOND_LAYER {
        let l2 = r.u32()?;
        Shape::new(hidden as usize, l2 as usize).map_err(NetError::Shape)?
    } else if hidden as usize == HIDDEN {
        Shape::SHIPPED
    } else {
        return Err(NetError::Hidden(hidden));
    };
    let buckets = if version == ONE_BUCKET { 1 } else { r.u32()? };
    if buckets == 0 || buckets as usize > MAX_BUCKETS {
        return Err(NetError::Buckets(buckets));
    }
    Ok(Header { variant, size, shape, buckets: buckets as usize })
}

/// Little-endian reads from a checked buffer.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], NetError> {
        let end = self.at + N;
        let got = self.bytes.get(self.at..end).ok_or(NetError::Truncated { got: self.bytes.len(), want: end })?;
        self.at = end;
        Ok(got.try_into().expect("N bytes"))
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetError> {
        (0..n).map(|_| self.take::<2>().map(i16::from_le_bytes)).collect()
    }

    fn i32s(&mut self, n: usize) -> Result<Vec<i32>, NetError> {
        (0..n).map(|_| self.take::<4>().map(i32::from_le_bytes)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::net::MAX_L2;

    fn net_with(buckets: usize) -> Net {
        let size = BoardSize::new(8, 8);
        let weights = (0..features(size) * HIDDEN).map(|i| (i % 97) as i16 - 48).collect();
        let bias = std::array::from_fn(|i| i as i16);
        let output = (0..buckets * 2 * HIDDEN).map(|i| (i % 7) as i16 - 3).collect();
        let output_bias = (0..buckets as i32).map(|b| -77 + 1000 * b).collect();
        Net::from_parts(Variant::LinesOfAction, size, 464, weights, bias, output, output_bias)
    }

    fn net() -> Net {
        net_with(1)
    }

    /// A net with a second layer: 2 x 256 -> 32 -> 1, `buckets` buckets.
    fn deep_net(buckets: usize) -> Net {
        let size = BoardSize::new(8, 8);
        let shape = Shape::new(256, 32).unwrap();
        let weights = Weights {
            input_weights: (0..features(size) * 256).map(|i| (i % 89) as i16 - 44).collect(),
            input_bias: (0..256).map(|i| i as i16 - 100).collect(),
            second_weights: (0..32 * 2 * 256).map(|i| (i % 301) as i16 - 150).collect(),
            second_bias: (0..32).map(|i| i * 5000 - 70_000).collect(),
            output_weights: (0..buckets * 32).map(|i| (i % 13) as i16 - 6).collect(),
            output_bias: (0..buckets as i32).map(|b| 300 - 1000 * b).collect(),
        };
        Net::with_shape(Variant::Breakthrough, size, 725, shape, weights).unwrap()
    }

    /// `net`'s file as the first version wrote it: no bucket count.
    fn version_one_bytes(net: &Net) -> Vec<u8> {
        let v2 = net.to_bytes();
        let mut out = [&v2[..8], &ONE_BUCKET.to_le_bytes()[..], &v2[12..20], &v2[24..v2.len() - 8]].concat();
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    #[test]
    fn a_net_round_trips_through_its_file() {
        for buckets in [1, 5, MAX_BUCKETS] {
            let n = net_with(buckets);
            let bytes = n.to_bytes();
            assert_eq!(u32::from_le_bytes(bytes[20..24].try_into().unwrap()), buckets as u32);
            assert_eq!(Net::from_bytes(&bytes), Ok(n));
        }
    }

    #[test]
    fn a_version_one_file_loads_as_one_bucket() {
        let n = net();
        let v1 = version_one_bytes(&n);
        assert_eq!(v1.len() + 4, n.to_bytes().len());
        let read = Net::from_bytes(&v1).unwrap();
        assert_eq!(read.buckets().count(), 1);
        assert_eq!(read, n);
        assert_eq!(Net::from_bytes(&version_one_bytes(&net_with(2))), Err(NetError::Trailing(4 * HIDDEN + 4)));
    }

    #[test]
    fn the_shipped_nets_still_load() {
        let shipped = [
            &include_bytes!("../../../../../assets/nets/breakthrough-8x8.nnue")[..],
            &include_bytes!("../../../../../assets/nets/loa-8x8.nnue")[..],
        ];
        for bytes in shipped {
            let net = Net::from_bytes(bytes).unwrap();
            assert_eq!(Net::from_bytes(&net.to_bytes()), Ok(net));
        }
    }

    #[test]
    fn damaged_truncated_and_foreign_files_are_refused_in_one_line() {
        let good = net().to_bytes();
        let mut flipped = good.clone();
        flipped[100] ^= 1;
        let mut version = good.clone();
        version[8] = 9;
        let mut shape = good.clone();
        shape[16] = 64;
        let mut size = good.clone();
        size[13] = 3;
        let mut no_buckets = good.clone();
        no_buckets[20] = 0;
        let mut many_buckets = good.clone();
        many_buckets[20] = MAX_BUCKETS as u8 + 1;
        let cases: Vec<(Vec<u8>, NetError)> = vec![
            (flipped, NetError::Checksum),
            (good[..good.len() - 1].to_vec(), NetError::Truncated { got: good.len() - 1, want: good.len() }),
            ([good.clone(), vec![0]].concat(), NetError::Trailing(1)),
            (b"PK\x03\x04 a zip file".to_vec(), NetError::NotANet),
            (version, NetError::Version(9)),
            (shape, NetError::Hidden(64)),
            (size, NetError::Size { columns: 3, rows: 8 }),
            (no_buckets, NetError::Buckets(0)),
            (many_buckets, NetError::Buckets(MAX_BUCKETS as u32 + 1)),
        ];
        for (bytes, want) in cases {
            let got = Net::from_bytes(&bytes).unwrap_err();
            assert_eq!(got, want);
            assert!(!got.to_string().contains('\n'), "{got}");
        }
    }

    #[test]
    fn a_net_with_a_second_layer_round_trips_as_version_three() {
        for buckets in [1, 4] {
            let n = deep_net(buckets);
            let bytes = n.to_bytes();
            assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), SECOND_LAYER);
            let header: Vec<u32> =
                (16..28).step_by(4).map(|i| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap())).collect();
            assert_eq!(header, [256, 32, buckets as u32]);
            let read = Net::from_bytes(&bytes).unwrap();
            assert_eq!(read.shape(), Shape::new(256, 32).unwrap());
            assert_eq!(read, n);
        }
        assert_eq!(net().to_bytes()[8], BUCKETS as u8, "the shipped shape stays version 2");
    }

    #[test]
    fn a_damaged_file_with_a_second_layer_is_refused_in_one_line() {
        let good = deep_net(2).to_bytes();
        let set = |at: usize, value: u32| {
            let mut bytes = good.clone();
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
            bytes
        };
        let mut flipped = good.clone();
        flipped[good.len() / 2] ^= 0x40;
        let cases: Vec<(Vec<u8>, NetError)> = vec![
            (flipped, NetError::Checksum),
            (good[..good.len() - 3].to_vec(), NetError::Truncated { got: good.len() - 3, want: good.len() }),
            ([good.clone(), vec![1, 2]].concat(), NetError::Trailing(2)),
            (set(16, 300), NetError::Shape(ShapeError::Hidden(300))),
            (set(20, MAX_L2 as u32 + 1), NetError::Shape(ShapeError::Second(MAX_L2 + 1))),
            (
                set(16, 512),
                NetError::Truncated { got: good.len(), want: good.len() + 2 * (128 * 256 + 256 + 32 * 2 * 256) },
            ),
            (set(20, 31), NetError::Trailing(2 * 2 * 256 + 4 + 2 * 2)),
            (set(24, 0), NetError::Buckets(0)),
            (set(16, 128 + (1 << 20)), NetError::Shape(ShapeError::Hidden(128 + (1 << 20)))),
        ];
        for (bytes, want) in cases {
            let got = Net::from_bytes(&bytes).unwrap_err();
            assert_eq!(got, want);
            assert!(!got.to_string().contains('\n'), "{got}");
        }
    }
}
