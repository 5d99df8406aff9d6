# syntax=docker/dockerfile:1
# The kbench image for Kubernetes (deploy/kubernetes/, docs/kubernetes.md): the CLI on a JRE 17, entrypoint 'kbench'.
#   docker build -t kbench:0.1.0-SNAPSHOT .        (or: podman build / buildah bud, same arguments)
# Workers and the coordinator run against a cluster given by --bootstrap-server; the Kafka broker jars are in the image
# too, so 'kbench run' without it still starts an embedded broker inside the container.

FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY mvnw pom.xml ./
COPY .mvn .mvn
COPY src src
# The cache mount keeps the Maven repository between builds (BuildKit, podman and buildah support it).
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q package -DskipTests

FROM eclipse-temurin:17-jre
RUN groupadd --system --gid 10001 kbench && useradd --system --uid 10001 --gid kbench --home-dir /work kbench \
    && mkdir -p /work && chown kbench:kbench /work
COPY --from=build /src/target/classes /opt/kbench/classes
COPY --from=build /src/target/lib /opt/kbench/lib
USER 10001:10001
WORKDIR /work
# MaxRAMPercentage: the heap follows the container's memory limit (the JVM's default would take only a quarter).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-cp", "/opt/kbench/classes:/opt/kbench/lib/*", "io.kbench.cli.Main"]
CMD ["--help"]
