//! TLS through rustls on ring (no OpenSSL): the server's certificate chain
//! and private key read from PEM files, for `wss://` connections.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum_server::tls_rustls::RustlsConfig;
use rustls::ServerConfig;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use thiserror::Error;

/// Why the certificate or key was refused.
#[derive(Debug, Error)]
pub enum TlsError {
    /// The certificate file did not read as PEM certificates.
    #[error("cannot read the certificate {path}: {source}")]
    Certificate {
        /// The file.
        path: PathBuf,
        /// Why.
        source: rustls::pki_types::pem::Error,
    },
    /// The key file did not read as a PEM private key.
    #[error("cannot read the private key {path}: {source}")]
    Key {
        /// The file.
        path: PathBuf,
        /// Why.
        source: rustls::pki_types::pem::Error,
    },
    /// The file holds no certificate.
    #[error("{0} holds no certificate")]
    NoCertificate(PathBuf),
    /// rustls refused the pair (a key that is not the certificate's, say).
    #[error("the certificate and key do not make a TLS configuration: {0}")]
    Config(#[from] rustls::Error),
}

/// The TLS configuration of the chain in `cert` and the key in `key` (PEM).
pub fn config(cert: &Path, key: &Path) -> Result<RustlsConfig, TlsError> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|source| TlsError::Certificate { path: cert.to_path_buf(), source })?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate(cert.to_path_buf()));
    }
    let key = PrivateKeyDer::from_pem_file(key).map_err(|source| TlsError::Key { path: key.to_path_buf(), source })?;
    // ring, as issue 70 asks (aws-lc-rs, rustls' default, builds a large C
    // library); rustls 0.23.48 deprecates it for lacking post-quantum key exchange.
    #[expect(deprecated, reason = "ring has no post-quantum key exchange; the classical suites are kept")]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(RustlsConfig::from_config(Arc::new(config)))
}
