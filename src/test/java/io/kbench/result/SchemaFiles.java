package io.kbench.result;

import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import java.nio.file.Path;

/**
 * Loads a schema of schema/ by its $id, with https://kbench.io/schema/ mapped to the local schema/ directory, so a
 * relative {@code $ref} such as {@code result.schema.json#/$defs/workload} resolves to the file next to it (never the
 * network).
 */
final class SchemaFiles {
    static final String ID_PREFIX = "https://kbench.io/schema/";

    private SchemaFiles() {
    }

    static JsonSchema load(String fileName) {
        String dir = Path.of("schema").toAbsolutePath().toUri().toString();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
                builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(ID_PREFIX, dir.endsWith("/") ? dir : dir + "/")));
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        return factory.getSchema(SchemaLocation.of(ID_PREFIX + fileName), config);
    }
}
