package io.kbench.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import io.kbench.unit.DurationText;
import java.time.Duration;

/** Strict Jackson mappers for spec files: unknown keys, duplicate keys and wrong types are errors. */
public final class SpecMapper {
    private SpecMapper() {
    }

    /** A YAML mapper for reading kbench input files strictly. */
    public static ObjectMapper strictYaml() {
        return configure(YAMLMapper.builder(new YAMLFactory()).build());
    }

    /** A JSON mapper that writes durations as {@code 30s} and indents, for result.json and echoes of specs. */
    public static ObjectMapper json() {
        ObjectMapper mapper = configure(JsonMapper.builder().build());
        mapper.enable(SerializationFeature.INDENT_OUTPUT);
        return mapper;
    }

    private static ObjectMapper configure(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, false);
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        // Registered after JavaTimeModule so that kbench's duration format wins.
        mapper.registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule());
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        mapper.setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL);
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
            if (!p.hasToken(com.fasterxml.jackson.core.JsonToken.VALUE_STRING)) {
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
