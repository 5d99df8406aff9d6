package io.kbench.capacity;

import io.kbench.error.Checks;
import io.kbench.error.InvalidInputException;
import io.kbench.result.Figure;
import io.kbench.unit.Units;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A drive class to check for write endurance: rated either as TBW, or as DWPD over a warranty period.
 *
 * @param capacityTb decimal TB (10^12 bytes), as vendors rate drives; required with DWPD
 * @param tbw rated lifetime writes in decimal TB
 * @param dwpd rated drive writes per day over the warranty
 */
public record DriveSpec(String name, Double capacityTb, Double tbw, Double dwpd, Double warrantyYears) {
    public DriveSpec {
        Checks.notBlank("drive name", name);
        String at = "drive " + name + ": ";
        if (capacityTb != null) {
            Checks.positive(at + "capacityTb", capacityTb);
        }
        if (tbw != null) {
            Checks.positive(at + "tbw", tbw);
            if (dwpd != null || warrantyYears != null) {
                throw InvalidInputException.field(at + "dwpd", dwpd, "give either tbw, or dwpd with warrantyYears, not both");
            }
        } else {
            if (dwpd == null || warrantyYears == null || capacityTb == null) {
                throw InvalidInputException.field(at + "tbw", null,
                        "give tbw, or dwpd with warrantyYears and capacityTb");
            }
            Checks.positive(at + "dwpd", dwpd);
            Checks.positive(at + "warrantyYears", warrantyYears);
        }
    }

    /** Rated lifetime writes in bytes: TBW x 10^12, or DWPD x capacity x 365 x warranty years. */
    public double lifetimeWriteBytes() {
        if (tbw != null) {
            return tbw * Units.BYTES_PER_TB;
        }
        return dwpd * capacityTb * Units.BYTES_PER_TB * Units.DAYS_PER_YEAR * warrantyYears;
    }

    public String ratingFormula() {
        if (tbw != null) {
            return "TBW " + Figure.format(tbw) + " TB";
        }
        return "DWPD " + Figure.format(dwpd) + " x " + Figure.format(capacityTb) + " TB x 365 d x "
                + Figure.format(warrantyYears) + " y";
    }

    /** Parses the flag form {@code NAME:tbw=16556,capacityTb=3.84} or {@code NAME:dwpd=1,capacityTb=3.84,warrantyYears=5}. */
    public static DriveSpec parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw InvalidInputException.field("--drive", text, "expected NAME:tbw=TB[,capacityTb=TB] or NAME:dwpd=N,capacityTb=TB,warrantyYears=Y");
        }
        String name = text.substring(0, colon).trim();
        Map<String, Double> values = new LinkedHashMap<>();
        for (String part : text.substring(colon + 1).split(",")) {
            String[] kv = part.split("=", 2);
            String key = kv[0].trim();
            if (kv.length != 2 || !(key.equals("tbw") || key.equals("capacityTb") || key.equals("dwpd") || key.equals("warrantyYears"))) {
                throw InvalidInputException.field("--drive " + name, part, "expected one of tbw=, capacityTb=, dwpd=, warrantyYears=");
            }
            try {
                values.put(key, Double.parseDouble(kv[1].trim()));
            } catch (NumberFormatException e) {
                throw InvalidInputException.field("--drive " + name + " " + key, kv[1], "expected a number");
            }
        }
        return new DriveSpec(name, values.get("capacityTb"), values.get("tbw"), values.get("dwpd"), values.get("warrantyYears"));
    }
}
