//! The button path through rppal on x86, in a private mount namespace: a Pi 3B's cpuinfo, a
//! plain file as /dev/gpiomem (its GPLEV0 word is the pins' levels) and an empty file as
//! /dev/gpiochip0 whose one ioctl a preloaded library answers. A level written into the file
//! must come out of `doctor --buttons` as a press, a release and a hold. Skipped, saying why,
//! where mount namespaces or a C compiler are not available.

use std::io::{BufRead, BufReader};
use std::os::unix::fs::FileExt;
use std::process::{Command, Stdio};

/// The byte offset of GPLEV0, the level register of pins 0-31 (BCM2835 peripherals, 6.1).
const GPLEV0: u64 = 0x34;

/// Why the fake cannot be set up here, if it cannot.
fn cannot_fake(dir: &std::path::Path) -> Option<String> {
    let ns = Command::new("unshare").args(["-m", "true"]).status();
    if !ns.is_ok_and(|s| s.success()) {
        return Some("no private mount namespace (`unshare -m` refused)".into());
    }
    let lib = dir.join("fake-gpiochip.so");
    let cc = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&lib)
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fake-gpiochip.c"
        ))
        .arg("-ldl")
        .status();
    if !cc.is_ok_and(|s| s.success()) {
        return Some("no C compiler for the fake gpiochip (cc)".into());
    }
    None
}

#[test]
fn a_level_in_the_gpio_register_file_is_a_press_release_and_hold_through_rppal() {
    let dir = std::env::temp_dir().join(format!("boardside-gpio-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("olddev")).unwrap();
    if let Some(why) = cannot_fake(&dir) {
        eprintln!("skipped: {why}");
        return;
    }
    let cfg = boardside::config::Config::load(
        concat!(env!("CARGO_MANIFEST_DIR"), "/hardware/boardside.toml").as_ref(),
    )
    .unwrap();
    let b = &cfg.buttons;
    let released: u32 = [b.up, b.down, b.ok, b.back, b.roll, b.talk]
        .iter()
        .fold(0, |m, &p| m | 1 << p);
    std::fs::write(
        dir.join("cpuinfo"),
        "processor\t: 0\nHardware\t: BCM2835\nRevision\t: a02082\nModel\t: Raspberry Pi 3 Model B Rev 1.2\n",
    )
    .unwrap();
    let mut regs = vec![0u8; 4096];
    regs[GPLEV0 as usize..GPLEV0 as usize + 4].copy_from_slice(&released.to_le_bytes());
    std::fs::write(dir.join("gpiomem"), &regs).unwrap();
    std::fs::write(dir.join("gpiochip0"), b"").unwrap();
    let d = dir.display();
    let script = format!(
        "set -e
         mount --bind {d}/cpuinfo /proc/cpuinfo
         mount --rbind /dev {d}/olddev
         mount -t tmpfs tmpfs /dev
         for n in null zero urandom; do touch /dev/$n; mount --bind {d}/olddev/$n /dev/$n; done
         touch /dev/gpiomem /dev/gpiochip0
         mount --bind {d}/gpiomem /dev/gpiomem
         mount --bind {d}/gpiochip0 /dev/gpiochip0
         LD_PRELOAD={d}/fake-gpiochip.so exec {bin} doctor --buttons 3 --config {cfg}",
        bin = env!("CARGO_BIN_EXE_boardside"),
        cfg = concat!(env!("CARGO_MANIFEST_DIR"), "/hardware/boardside.toml"),
    );
    let mut child = Command::new("unshare")
        .args(["-m", "sh", "-c", &script])
        .env("BOARDSIDE_STATE", &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    // Wait for the watch to start, then press OK: low for 100 ms, then for a second (a hold).
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        seen.push_str(&line);
        if line.starts_with("press each button") {
            break;
        }
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("gpiomem"))
        .unwrap();
    let level = |v: u32| file.write_all_at(&v.to_le_bytes(), GPLEV0).unwrap();
    let pause = |ms| std::thread::sleep(std::time::Duration::from_millis(ms));
    let ok = 1u32 << b.ok;
    level(released & !ok);
    pause(150);
    level(released);
    pause(200);
    level(released & !ok);
    pause(1200);
    level(released);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    seen.push_str(&rest);
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        seen.contains("ok   buttons: found on GPIO"),
        "{seen}\n{err}\n{status:?}"
    );
    // (A held button repeats every 150 ms; how many repeats depends on the machine's load.)
    let events: Vec<&str> = seen
        .lines()
        .filter_map(|l| l.split_once(" ms  ").map(|(_, e)| e))
        .filter(|e| !e.starts_with("Ok Repeat"))
        .collect();
    assert_eq!(
        events,
        [
            "Ok Press",
            "Ok Release",
            "Ok Press",
            "Ok Hold",
            "Ok Release"
        ],
        "{seen}"
    );
}
