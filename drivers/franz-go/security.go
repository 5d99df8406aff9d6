package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"
)

// security reads security.protocol, the PEM strings and the SASL settings together: each only means something with
// the others. Secrets come only in the slice (standard input) and are never shown in a refusal.
func security(o *Options, props map[string]string) error {
	protocol := props["security.protocol"]
	if protocol == "" {
		protocol = "PLAINTEXT"
	}
	var useTLS, useSASL bool
	switch protocol {
	case "PLAINTEXT":
	case "SSL":
		useTLS = true
	case "SASL_PLAINTEXT":
		useSASL = true
	case "SASL_SSL":
		useTLS, useSASL = true, true
	default:
		return refuse("clientProperties.security.protocol", protocol, "must be PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL")
	}
	for _, k := range []string{"ssl.ca.pem", "ssl.certificate.pem", "ssl.key.pem", "ssl.endpoint.identification.algorithm"} {
		if _, set := props[k]; set && !useTLS {
			return refuse("clientProperties."+k, "(set)", "needs security.protocol SSL or SASL_SSL, not "+protocol)
		}
	}
	for _, k := range []string{"sasl.mechanism", "sasl.username", "sasl.password"} {
		if _, set := props[k]; set != useSASL {
			return refuse("clientProperties."+k, map[bool]string{true: "(set)", false: "missing"}[set],
				"goes with security.protocol SASL_PLAINTEXT or SASL_SSL, which is "+protocol)
		}
	}
	if useTLS {
		cfg, err := tlsConfig(props)
		if err != nil {
			return err
		}
		o.common = append(o.common, kgo.DialTLSConfig(cfg))
	}
	if useSASL {
		user, pass := props["sasl.username"], props["sasl.password"]
		switch props["sasl.mechanism"] {
		case "PLAIN":
			o.common = append(o.common, kgo.SASL(plain.Auth{User: user, Pass: pass}.AsMechanism()))
		case "SCRAM-SHA-256":
			o.common = append(o.common, kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha256Mechanism()))
		case "SCRAM-SHA-512":
			o.common = append(o.common, kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha512Mechanism()))
		default:
			return refuse("clientProperties.sasl.mechanism", props["sasl.mechanism"], "must be PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512")
		}
	}
	return nil
}

func tlsConfig(props map[string]string) (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if ca, ok := props["ssl.ca.pem"]; ok {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM([]byte(ca)) {
			return nil, refuse("clientProperties.ssl.ca.pem", "(PEM)", "holds no certificate")
		}
		cfg.RootCAs = pool
	}
	cert, hasCert := props["ssl.certificate.pem"]
	key, hasKey := props["ssl.key.pem"]
	if hasCert != hasKey {
		return nil, refuse("clientProperties.ssl.certificate.pem", "(PEM)", "a client certificate needs ssl.key.pem too, and the other way round")
	}
	if hasCert {
		pair, err := tls.X509KeyPair([]byte(cert), []byte(key))
		if err != nil {
			return nil, refuse("clientProperties.ssl.certificate.pem", "(PEM)", "with ssl.key.pem is not a key pair: "+err.Error())
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	switch props["ssl.endpoint.identification.algorithm"] {
	case "https":
	case "":
		if _, set := props["ssl.endpoint.identification.algorithm"]; set {
			// Java's empty value: the certificate chain is checked, the host name is not.
			cfg.InsecureSkipVerify = true
			cfg.VerifyConnection = verifyChainOnly(cfg)
		}
	default:
		return nil, refuse("clientProperties.ssl.endpoint.identification.algorithm",
			props["ssl.endpoint.identification.algorithm"], "must be https or empty")
	}
	return cfg, nil
}

// verifyChainOnly checks the server's chain against the configured roots without the host name, which is what an
// empty ssl.endpoint.identification.algorithm means to the Java client.
func verifyChainOnly(cfg *tls.Config) func(tls.ConnectionState) error {
	return func(cs tls.ConnectionState) error {
		if len(cs.PeerCertificates) == 0 {
			return fmt.Errorf("the server sent no certificate")
		}
		opts := x509.VerifyOptions{Roots: cfg.RootCAs, Intermediates: x509.NewCertPool()}
		for _, c := range cs.PeerCertificates[1:] {
			opts.Intermediates.AddCert(c)
		}
		_, err := cs.PeerCertificates[0].Verify(opts)
		return err
	}
}
