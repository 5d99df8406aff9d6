# syntax=docker/dockerfile:1
# The kbench image for Kubernetes (deploy/kubernetes/, docs/kubernetes.md): kbench's own launcher on JRE 25 (the
# current LTS), entrypoint 'kbench'. It holds the jar you built and tested, not one built again inside the image:
#   ./mvnw -B -q package -DskipTests && docker build -t kbench:0.1.0-SNAPSHOT .     (or podman build / buildah bud)
# The entrypoint is the same ./kbench script a laptop runs, so a run in a pod gets the same JVM flags (C1 only and the
# Serial GC for a rate-limited load generator, C2 for TLS and open load: docs/benchmarks.md) and the same class
# archives; the heap follows the container's memory limit (-XX:MaxRAMPercentage=75 through KBENCH_JAVA_OPTS, which a
# pod's env can replace). Workers and the coordinator run against a cluster given by --bootstrap-server; the Kafka
# broker jars are in the image too, so 'kbench run' without it still starts an embedded broker inside the container.
#
# The base image is pinned by digest, so a rebuild gets the same JRE: eclipse-temurin:25-jre as docker.io resolved it
# in a public project's build log (JDK 25.0.4). This machine reaches no container registry, so the digest was not
# pulled here; `docker buildx imagetools inspect eclipse-temurin:25-jre` prints the current one
# (docs/kubernetes.md#pinning-images-and-the-network).
FROM eclipse-temurin:25-jre@sha256:fcd7fd7b387f94bb2ac461478a7436ad8e349924c374ea8313919624dceae636
RUN groupadd --system --gid 10001 kbench && useradd --system --uid 10001 --gid kbench --home-dir /work kbench \
    && mkdir -p /work && chown kbench:kbench /work
# The launcher's installed layout: the script beside target/kbench-<version>.jar and target/lib; without a Maven
# wrapper beside it the launcher never builds (.dockerignore lets in only these parts of target/).
COPY kbench /opt/kbench/kbench
COPY target/kbench-*.jar /opt/kbench/target/
COPY target/lib /opt/kbench/target/lib
# Class archives (AppCDS) for the commands a pod runs, made here as a laptop's first run makes them: a first start
# writes one at exit, the second start installs it. At run time the directory is read-only to user 10001.
RUN chmod 0755 /opt/kbench/kbench && cd /tmp \
    && for i in 1 2; do { /opt/kbench/kbench run --dry-run >/dev/null && /opt/kbench/kbench worker --help >/dev/null \
       && /opt/kbench/kbench --version >/dev/null; } || exit 1; done \
    && ls /opt/kbench/target/cds/*.jsa
ENV KBENCH_JAVA_OPTS="-XX:MaxRAMPercentage=75"
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["/opt/kbench/kbench"]
CMD ["--help"]
