# Sourced by hardware/cross-build and hardware/emulated-pi: Debian's Rust cross toolchain for
# the Pi and the Pi-profile build (shared/pi-build-facts.md's route, in the project's words in
# hardware/cross-build's header). Needs `say` and runs from the repository's top.

install_toolchain() {
    local need=()
    for p in rustc-web cargo-web libstd-rust-web-dev rust-web-src qemu-user \
             gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabihf \
             libc6-dev-armhf-cross; do
        dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
    done
    dpkg -s libstd-rust-web-dev:arm64 >/dev/null 2>&1 || need+=("libstd-rust-web-dev:arm64")
    if [ ${#need[@]} -gt 0 ]; then
        say "installing ${need[*]}"
        # Only arm64 is added: the armhf index breaks apt on this mirror (pi-build-facts.md).
        dpkg --add-architecture arm64
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    fi
}

# Debian's cargo and rustc, not rustup's (which has no ARM standard library here).
deb_cargo() { RUSTC=/usr/bin/rustc /usr/bin/cargo "$@"; }

build() {
    case "$1" in
        aarch64)
            # Segments aligned to 16 KiB, the largest page a Pi's kernel uses (the Pi 5's;
            # 4 KiB on the Pi 3, 4 and Zero 2 W), not the linker's 64 KiB default: the RELRO
            # end's padding to a 64 KiB boundary is up to 64 KiB of zeros in the file.
            # No unwind tables for the program's own code: the Pi build aborts on a panic
            # (profile.pi), so nothing unwinds; they were a tenth of the file (.eh_frame).
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384 -C force-unwind-tables=no" \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
                deb_cargo build --locked --profile pi --no-default-features --bin boardside \
                --target aarch64-unknown-linux-gnu ;;
        armv7)
            # A target directory of its own: a cross build locks its host directory
            # (target/pi), so the two builds could not run at once in one directory.
            CARGO_TARGET_DIR=target/armv7 RUSTC_BOOTSTRAP=1 \
            CARGO_TARGET_ARMV7_UNKNOWN_LINUX_GNUEABIHF_LINKER=arm-linux-gnueabihf-gcc \
                deb_cargo build --locked --profile pi --no-default-features --bin boardside \
                --target armv7-unknown-linux-gnueabihf -Zbuild-std=std,panic_abort ;;
    esac
}

binary() {
    case "$1" in
        aarch64) echo target/aarch64-unknown-linux-gnu/pi/boardside ;;
        armv7) echo target/armv7/armv7-unknown-linux-gnueabihf/pi/boardside ;;
    esac
}

