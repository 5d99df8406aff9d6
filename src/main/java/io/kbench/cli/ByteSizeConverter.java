package io.kbench.cli;

import io.kbench.unit.ByteSize;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Byte-size flags ({@code --record-size 1Ki}, {@code --fetch-size 1Mi}) read the way workload files read sizes. A plain
 * whole number, negative or zero included, is passed on as it is, so the command's own range check (and a flag's
 * special value such as {@code -1}) still applies.
 */
final class ByteSizeConverter implements ITypeConverter<Integer> {
    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,9}");

    @Override
    public Integer convert(String value) {
        try {
            return WHOLE.matcher(value.trim()).matches() ? Integer.parseInt(value.trim()) : ByteSize.parseInt(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
