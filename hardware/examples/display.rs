//! Bring-up: draw a border and a line of text on the OLED, then change one number and say
//! how many bytes went over I2C (run on the Pi: `cargo run --example display -- [CONFIG]`).

use boardside::config::Config;
use boardside::hw::pi::open_screen;
use boardside::hw::{Frame, Screen};
use embedded_graphics::mono_font::{ascii::FONT_5X8, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

fn draw(frame: &mut Frame, n: u32) {
    frame.clear();
    let _ = Rectangle::new(Point::zero(), Size::new(128, 64))
        .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
        .draw(frame);
    let style = MonoTextStyle::new(&FONT_5X8, BinaryColor::On);
    let _ = Text::with_baseline(
        &format!("Boardside {n}"),
        Point::new(4, 4),
        style,
        Baseline::Top,
    )
    .draw(frame);
}

fn main() {
    let cfg = match std::env::args().nth(1) {
        Some(p) => Config::load(p.as_ref()).unwrap_or_else(|e| panic!("{e}")),
        None => Config::default(),
    };
    let mut screen = open_screen(&cfg).unwrap_or_else(|e| {
        eprintln!("display: {e}\nfix: enable I2C, join the i2c group, check `i2cdetect -y 1`");
        std::process::exit(1)
    });
    let mut frame = Frame::default();
    draw(&mut frame, 1500);
    println!("full frame: {} bytes", screen.show(&frame).unwrap());
    draw(&mut frame, 1460);
    println!("one number changed: {} bytes", screen.show(&frame).unwrap());
}
