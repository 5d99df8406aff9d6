package io.kbench.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.kbench.unit.DurationText;
import java.io.IOException;
import java.time.Duration;

/**
 * The one place kbench's Jackson mappers are configured. Strict mappers read what users write (workload, sweep,
 * plan and price files) and what kbench writes: unknown keys, duplicate keys, trailing content, nulls for
 * primitives and numbers given as strings (or floats for whole numbers) are errors. Durations are {@code 30s}.
 */
public final class StrictMapper {
    private StrictMapper() {
    }

    /** A YAML mapper for reading kbench input files strictly. */
    public static ObjectMapper yaml() {
        return strict(YAMLMapper.builder(new YAMLFactory()).build());
    }

    /** A strict JSON mapper that writes durations as {@code 30s} and indents; for result.json and sweep.json. */
    public static ObjectMapper json() {
        ObjectMapper mapper = strict(JsonMapper.builder().build());
        mapper.enable(SerializationFeature.INDENT_OUTPUT);
        return mapper;
    }

    /**
     * Strict JSON on one line with every key written, nulls too: the driver contract's slice and events
     * (docs/drivers.md), where a reader on the other side may expect a key that holds null.
     */
    public static ObjectMapper jsonLines() {
        ObjectMapper mapper = strict(JsonMapper.builder().build());
        mapper.setSerializationInclusion(JsonInclude.Include.ALWAYS);
        mapper.disable(SerializationFeature.FAIL_ON_EMPTY_BEANS); // {"type":"producers-finished"} has no other key
        return mapper;
    }

    /**
     * JSON for reading kbench's own result files, which grow fields from release to release: unknown keys and
     * older value shapes are tolerated, but duplicate keys and trailing content still fail.
     */
    public static ObjectMapper tolerantJson() {
        ObjectMapper mapper = JsonMapper.builder().build();
        mapper.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        rejectMalformed(mapper);
        return withDurations(mapper);
    }

    private static ObjectMapper strict(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, false);
        rejectMalformed(mapper);
        // "3" for a number would hide typos in hand-written files; numbers for strings stay allowed because
        // client and topic properties (acks: 1, linger.ms: 5) are string maps.
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.setSerializationInclusion(JsonInclude.Include.NON_NULL);
        return withDurations(mapper);
    }

    private static void rejectMalformed(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
    }

    private static ObjectMapper withDurations(ObjectMapper mapper) {
        // Registered after JavaTimeModule so that kbench's duration format wins.
        mapper.registerModule(new JavaTimeModule());
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        SimpleModule durations = new SimpleModule("kbench-durations");
        durations.addDeserializer(Duration.class, new DurationDeserializer());
        durations.addSerializer(Duration.class, new DurationSerializer());
        mapper.registerModule(durations);
        return mapper;
    }

    /** Reads {@code 30s}-style strings; numbers are refused because their unit would be a guess. */
    private static final class DurationDeserializer extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (Duration) ctxt.handleUnexpectedToken(Duration.class, p.currentToken(), p,
                        "a duration needs a unit, e.g. 30s or 500ms (got " + p.getText() + ")");
            }
            try {
                return DurationText.parse(p.getText());
            } catch (IllegalArgumentException e) {
                return (Duration) ctxt.handleWeirdStringValue(Duration.class, p.getText(), e.getMessage());
            }
        }
    }

    /** Writes durations the way users type them. */
    private static final class DurationSerializer extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeString(DurationText.format(value));
        }
    }
}
