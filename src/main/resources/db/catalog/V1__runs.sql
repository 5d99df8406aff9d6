-- The results catalog, version 1. Portable SQL: the same file migrates SQLite and PostgreSQL (Flyway).
-- Times are ISO-8601 UTC text (they sort as text in both databases); figures carry their unit in the column name.
CREATE TABLE runs (
    run_key              VARCHAR(64)  PRIMARY KEY,  -- SHA-256 of result.json as written: the same run imports once
    kind                 VARCHAR(16)  NOT NULL,     -- run (a sweep repetition or find-max probe is a run too)
    workload             VARCHAR(255) NOT NULL,
    workload_hash        VARCHAR(64)  NOT NULL,     -- SHA-256 of the resolved workload (redacted, keys sorted)
    started_at           VARCHAR(40)  NOT NULL,
    ended_at             VARCHAR(40),
    status               VARCHAR(16)  NOT NULL,
    cluster_shape        VARCHAR(255) NOT NULL,
    kbench_version       VARCHAR(64),
    kafka_client_version VARCHAR(64),
    kafka_broker_version VARCHAR(64),
    client_jdk           VARCHAR(255),
    broker_jdk           VARCHAR(255),
    os                   VARCHAR(255),
    cpu_model            VARCHAR(255),
    cores                INTEGER,
    host                 VARCHAR(255),
    git_revision         VARCHAR(64),
    environment_key      VARCHAR(64)  NOT NULL,     -- SHA-256 of what makes runs comparable (docs/history.md)
    result_dir           VARCHAR(4096) NOT NULL,
    produced_records_per_sec DOUBLE PRECISION,
    produced_mib_per_sec     DOUBLE PRECISION,
    consumed_records_per_sec DOUBLE PRECISION,
    publish_p50_ms       DOUBLE PRECISION,
    publish_p99_ms       DOUBLE PRECISION,
    e2e_p50_ms           DOUBLE PRECISION,
    e2e_p99_ms           DOUBLE PRECISION,
    errors               BIGINT,
    limited_by           VARCHAR(64),
    diagnosis            VARCHAR(4096),
    telemetry            VARCHAR(8192),             -- JSON: mean of each sampled series, by series name
    recorded_at          VARCHAR(40)  NOT NULL
);
CREATE INDEX runs_workload_started ON runs (workload, started_at);
CREATE TABLE run_tags (
    run_key   VARCHAR(64)  NOT NULL REFERENCES runs (run_key),
    tag_key   VARCHAR(255) NOT NULL,
    tag_value VARCHAR(1024) NOT NULL,
    PRIMARY KEY (run_key, tag_key)
);
