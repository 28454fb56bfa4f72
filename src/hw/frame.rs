//! The 128x64 one-bit frame every screen draws: an embedded-graphics draw target laid out like
//! the SSD1306's memory (8 pages of 8 rows, a byte per column per page; datasheet §8.7), so the
//! Pi sends it as it is and the simulator and the golden tests read the same pixels.

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;

pub const WIDTH: usize = 128;
pub const HEIGHT: usize = 64;

#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    bytes: [u8; WIDTH * HEIGHT / 8],
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            bytes: [0; WIDTH * HEIGHT / 8],
        }
    }
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_ascii())
    }
}

impl Frame {
    pub fn clear(&mut self) {
        self.bytes = [0; WIDTH * HEIGHT / 8];
    }

    pub fn get(&self, x: usize, y: usize) -> bool {
        x < WIDTH && y < HEIGHT && self.bytes[(y / 8) * WIDTH + x] & (1 << (y % 8)) != 0
    }

    pub fn set(&mut self, x: usize, y: usize, on: bool) {
        if x < WIDTH && y < HEIGHT {
            let b = &mut self.bytes[(y / 8) * WIDTH + x];
            if on {
                *b |= 1 << (y % 8);
            } else {
                *b &= !(1 << (y % 8));
            }
        }
    }

    /// The frame in the display's byte order.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Pixels that differ from `other`, as (x, y, on in self).
    pub fn changes<'a>(
        &'a self,
        other: &'a Frame,
    ) -> impl Iterator<Item = (usize, usize, bool)> + 'a {
        self.bytes
            .iter()
            .zip(other.bytes.iter())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .flat_map(move |(i, (a, b))| {
                let x = i % WIDTH;
                let page = i / WIDTH;
                (0..8)
                    .filter(move |bit| (a ^ b) & (1 << bit) != 0)
                    .map(move |bit| (x, page * 8 + bit, a & (1 << bit) != 0))
            })
    }

    /// The frame as text, `#` for a lit pixel and `.` for a dark one (golden files).
    pub fn to_ascii(&self) -> String {
        let mut s = String::with_capacity((WIDTH + 1) * HEIGHT);
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                s.push(if self.get(x, y) { '#' } else { '.' });
            }
            s.push('\n');
        }
        s
    }
}

impl OriginDimensions for Frame {
    fn size(&self) -> Size {
        Size::new(WIDTH as u32, HEIGHT as u32)
    }
}

impl DrawTarget for Frame {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 {
                self.set(p.x as usize, p.y as usize, c.is_on());
            }
        }
        Ok(())
    }
}
