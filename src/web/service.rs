//! The switch for the Pi's service (`boardside web on|off`): the service unit allows no
//! network at all, so the web view needs a systemd drop-in that opens it, for home-network
//! addresses only, and tells the service where to listen. Off removes the drop-in; the unit
//! itself never changes.

use std::path::{Path, PathBuf};

/// Where systemd reads drop-ins for the service.
pub const UNIT_DIR: &str = "/etc/systemd/system";

/// The drop-in's path under a unit directory.
pub fn drop_in_path(unit_dir: &Path) -> PathBuf {
    unit_dir.join("boardside.service.d").join("web.conf")
}

/// The drop-in: sockets of the internet families, from the private address ranges a home
/// network uses (and this machine), and the address to listen on.
pub fn drop_in(listen: &str) -> String {
    format!(
        "# Written by `boardside web on`; `boardside web off` removes it (README, \"The table on\n\
         # every phone\"). The service may listen for phones on the home network, and only\n\
         # answer the private address ranges a home network uses.\n\
         [Service]\n\
         Environment=BOARDSIDE_WEB={listen}\n\
         PrivateNetwork=no\n\
         RestrictAddressFamilies=\n\
         RestrictAddressFamilies=AF_INET AF_INET6\n\
         IPAddressDeny=any\n\
         IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7\n"
    )
}

/// `web on`: write the drop-in (a listen address that does not parse is refused first).
pub fn on(unit_dir: &Path, listen: &str) -> Result<Vec<String>, String> {
    listen
        .parse::<std::net::SocketAddr>()
        .map_err(|_| format!("{listen}: not an ADDRESS:PORT (e.g. 192.168.1.20:8080)"))?;
    let path = drop_in_path(unit_dir);
    let dir = path.parent().unwrap_or(unit_dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(&path, drop_in(listen)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(vec![
        format!(
            "wrote {}: the service serves the web view on {listen}",
            path.display()
        ),
        "now: sudo systemctl daemon-reload && sudo systemctl restart boardside".into(),
    ])
}

/// `web off`: remove the drop-in (nothing to do when there is none).
pub fn off(unit_dir: &Path) -> Result<Vec<String>, String> {
    let path = drop_in_path(unit_dir);
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(vec![
            format!(
                "removed {}: the service has no network again",
                path.display()
            ),
            "now: sudo systemctl daemon-reload && sudo systemctl restart boardside".into(),
        ]),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(vec![format!(
            "{}: not there; the web view is off",
            path.display()
        )]),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}
