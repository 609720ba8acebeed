package richelieu.runner.studystats;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import richelieu.runner.stats.PValue;

import java.io.IOException;

/**
 * How a result file stores a p-value: as computed, except that one below {@link PValue#FLOOR}
 * (1e-300) is stored as 1e-300, to be read as "p ≤ 1e-300". Below it a double has lost the value
 * (a tail underflows to 0, or to a subnormal with a few digits left), and a stored 0 would claim
 * the outcome impossible under the hypothesis; the bound is true, and as a p-value it is
 * conservative. NaN stays "NaN". Put on a record component with
 * {@code @JsonSerialize(using = PValueJson.class)}; docs/result-files.md documents it.
 */
public final class PValueJson extends StdSerializer<Double> {

    public PValueJson() {
        super(Double.class);
    }

    @Override
    public void serialize(Double p, JsonGenerator out, SerializerProvider provider) throws IOException {
        out.writeNumber(p >= 0.0 && p < PValue.FLOOR ? PValue.FLOOR : p);
    }
}
