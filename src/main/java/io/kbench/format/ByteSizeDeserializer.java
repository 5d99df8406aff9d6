package io.kbench.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import io.kbench.unit.ByteSize;
import java.io.IOException;

/**
 * Reads an int-valued byte size as a number ({@code 4096}) or in {@link ByteSize}'s forms ({@code 64Ki}, {@code 1MiB});
 * a wrong value fails with the accepted forms, which {@link MappingErrors} shows with the key path. Written back as a
 * number, so result.json does not change. For int-valued size keys of input files, via {@code @JsonDeserialize}.
 */
public final class ByteSizeDeserializer extends JsonDeserializer<Integer> {
    @Override
    public Integer deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.hasToken(JsonToken.VALUE_NUMBER_INT)) {
            return p.getIntValue();
        }
        if (!p.hasToken(JsonToken.VALUE_STRING)) {
            p.skipChildren();
            throw new IllegalArgumentException("must be " + ByteSize.FORMS);
        }
        return ByteSize.parseInt(p.getText());
    }
}
