package dev.pbs.formats.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.distribution.Mixture;
import dev.pbs.model.distribution.Pareto;
import dev.pbs.model.distribution.Shifted;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * The JSON form of one latency distribution (a "DIST" of the profile format), all delays in
 * milliseconds:
 * <pre>
 * {"type": "constant", "value_ms": x}
 * {"type": "exponential", "mean_ms": x}
 * {"type": "pareto", "xm_ms": x, "alpha": a}
 * {"type": "lognormal", "mu": m, "sigma": s}           (ln X ~ Normal(mu, sigma), X in ms)
 * {"type": "mixture", "components": [{"weight": p, "distribution": DIST}, ...]}
 * {"type": "shifted", "offset_ms": x, "distribution": DIST}
 * {"type": "empirical", "count": n, "histogram": "&lt;compressed HdrHistogram, base64&gt;", "unit": "ns"|"us"|"ms"}
 * </pre>
 * Reading is strict: unknown or missing fields are errors naming the JSON path. Writing uses
 * full-precision numbers, so reading what was written gives an equal distribution.
 */
public final class DistributionJson {

    private static final List<String> TYPES =
            List.of("constant", "exponential", "pareto", "lognormal", "mixture", "shifted", "empirical");

    private DistributionJson() {}

    /**
     * Reads a DIST.
     *
     * @param path the JSON path of {@code node}, for messages
     * @throws ProfileFormatException naming the path and the rule broken
     */
    public static LatencyDistribution read(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new ProfileFormatException(
                    path, "a distribution must be a JSON object with a \"type\", was " + JsonObjectReader.shown(node));
        }
        JsonNode typeNode = node.get("type");
        if (typeNode == null) {
            throw new ProfileFormatException(
                    JsonObjectReader.child(path, "type"),
                    "required field is missing (one of " + String.join(", ", TYPES) + ")");
        }
        String type = JsonObjectReader.text(typeNode, JsonObjectReader.child(path, "type"));
        return switch (type) {
            case "constant" -> readConstant(fields(node, path, type, "value_ms"));
            case "exponential" -> readExponential(fields(node, path, type, "mean_ms"));
            case "pareto" -> readPareto(fields(node, path, type, "xm_ms", "alpha"));
            case "lognormal" -> readLogNormal(fields(node, path, type, "mu", "sigma"));
            case "mixture" -> readMixture(fields(node, path, type, "components"));
            case "shifted" -> readShifted(fields(node, path, type, "offset_ms", "distribution"));
            case "empirical" -> readEmpirical(fields(node, path, type, "count", "histogram", "unit"));
            default ->
                throw new ProfileFormatException(
                        JsonObjectReader.child(path, "type"),
                        "unknown distribution type '" + type + "' (known: " + String.join(", ", TYPES) + ")");
        };
    }

    private static JsonObjectReader fields(JsonNode node, String path, String type, String... parameters) {
        List<String> allowed = new ArrayList<>();
        allowed.add("type");
        allowed.addAll(List.of(parameters));
        return JsonObjectReader.of(node, path, "a " + type + " distribution", allowed);
    }

    private static LatencyDistribution readConstant(JsonObjectReader fields) {
        double value = fields.requiredNumber("value_ms");
        return construct(fields, "constant", List.of("value_ms"), () -> Constant.of(value));
    }

    private static LatencyDistribution readExponential(JsonObjectReader fields) {
        double mean = fields.requiredNumber("mean_ms");
        return construct(fields, "exponential", List.of("mean_ms"), () -> Exponential.ofMean(mean));
    }

    private static LatencyDistribution readPareto(JsonObjectReader fields) {
        double scale = fields.requiredNumber("xm_ms");
        double shape = fields.requiredNumber("alpha");
        return construct(fields, "pareto", List.of("xm_ms", "alpha"), () -> Pareto.of(scale, shape));
    }

    private static LatencyDistribution readLogNormal(JsonObjectReader fields) {
        double mu = fields.requiredNumber("mu");
        double sigma = fields.requiredNumber("sigma");
        return construct(fields, "lognormal", List.of("mu", "sigma"), () -> LogNormal.of(mu, sigma));
    }

    private static LatencyDistribution readMixture(JsonObjectReader fields) {
        JsonNode array = fields.required("components");
        String arrayPath = fields.pathOf("components");
        if (!array.isArray() || array.isEmpty()) {
            throw new ProfileFormatException(
                    arrayPath,
                    "must be a non-empty array of {\"weight\", \"distribution\"}, was "
                            + JsonObjectReader.shown(array));
        }
        List<Mixture.Component> components = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String componentPath = JsonObjectReader.element(arrayPath, i);
            JsonObjectReader component = JsonObjectReader.of(
                    array.get(i), componentPath, "a mixture component", List.of("weight", "distribution"));
            double weight = component.requiredNumber("weight");
            LatencyDistribution distribution =
                    read(component.required("distribution"), component.pathOf("distribution"));
            components.add(construct(
                    component, "mixture", List.of("weight"), () -> new Mixture.Component(weight, distribution)));
        }
        try {
            return Mixture.of(components);
        } catch (IllegalArgumentException rejected) {
            throw new ProfileFormatException(arrayPath, rejected.getMessage(), rejected);
        }
    }

    private static LatencyDistribution readShifted(JsonObjectReader fields) {
        double offset = fields.requiredNumber("offset_ms");
        LatencyDistribution inner = read(fields.required("distribution"), fields.pathOf("distribution"));
        return construct(fields, "shifted", List.of("offset_ms"), () -> Shifted.of(offset, inner));
    }

    private static LatencyDistribution readEmpirical(JsonObjectReader fields) {
        long count = fields.requiredWholeNumber("count");
        String encoded = fields.requiredText("histogram");
        TimeUnit unit = unitOf(fields.requiredText("unit"), fields.pathOf("unit"));
        Histogram histogram = decodeHistogram(encoded, fields.pathOf("histogram"));
        if (histogram.getTotalCount() != count) {
            throw new ProfileFormatException(
                    fields.pathOf("count"),
                    "empirical count must equal the histogram's total " + "count " + histogram.getTotalCount()
                            + ", was " + count);
        }
        return construct(fields, "empirical", List.of("histogram"), () -> Empirical.of(histogram, unit));
    }

    private static Histogram decodeHistogram(String encoded, String path) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded.trim());
        } catch (IllegalArgumentException notBase64) {
            throw new ProfileFormatException(path, "must be base64: " + notBase64.getMessage(), notBase64);
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException notAHistogram) {
            throw new ProfileFormatException(
                    path,
                    "is not a compressed HdrHistogram ("
                            + notAHistogram.getClass().getSimpleName()
                            + (notAHistogram.getMessage() == null ? "" : ": " + notAHistogram.getMessage())
                            + ")",
                    notAHistogram);
        }
    }

    private static TimeUnit unitOf(String text, String path) {
        return switch (text) {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            default ->
                throw new ProfileFormatException(path, "unit must be \"ns\", \"us\" or \"ms\", was \"" + text + "\"");
        };
    }

    /**
     * Calls a model constructor, turning its IllegalArgumentException into a ProfileFormatException
     * at the path of the field its message names ("pareto alpha must be ...": field alpha).
     */
    private static <T> T construct(
            JsonObjectReader fields, String type, List<String> parameters, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (ProfileFormatException alreadyPlaced) {
            throw alreadyPlaced;
        } catch (IllegalArgumentException rejected) {
            String message = String.valueOf(rejected.getMessage());
            String path = fields.path();
            for (String parameter : parameters) {
                if (message.startsWith(type + " " + parameter + " ")) {
                    path = fields.pathOf(parameter);
                }
            }
            throw new ProfileFormatException(path, message, rejected);
        }
    }

    /** Writes a DIST as a JSON tree; {@code read(write(d), path)} equals {@code d}. */
    public static ObjectNode write(LatencyDistribution distribution) {
        return JsonMapping.tree(document(distribution));
    }

    /** The record Jackson writes for a DIST, with full-precision numbers. */
    public static DistributionDocument document(LatencyDistribution distribution) {
        if (distribution instanceof Constant constant) {
            return new DistributionDocument.Constant(constant.valueMillis());
        } else if (distribution instanceof Exponential exponential) {
            return new DistributionDocument.Exponential(exponential.meanMillis());
        } else if (distribution instanceof Pareto pareto) {
            return new DistributionDocument.Pareto(pareto.scaleMillis(), pareto.shape());
        } else if (distribution instanceof LogNormal logNormal) {
            return new DistributionDocument.LogNormal(logNormal.mu(), logNormal.sigma());
        } else if (distribution instanceof Mixture mixture) {
            return new DistributionDocument.Mixture(mixture.components().stream()
                    .map(component ->
                            new DistributionDocument.Component(component.weight(), document(component.distribution())))
                    .toList());
        } else if (distribution instanceof Shifted shifted) {
            return new DistributionDocument.Shifted(shifted.offsetMillis(), document(shifted.distribution()));
        } else if (distribution instanceof Empirical empirical) {
            return new DistributionDocument.Empirical(
                    empirical.count(), encodeHistogram(empirical.histogram()), unitText(empirical.unit()));
        }
        throw new IllegalStateException(
                "no JSON form for " + distribution.getClass().getName());
    }

    private static String encodeHistogram(AbstractHistogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private static String unitText(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            default -> unit.name().toLowerCase(Locale.ROOT);
        };
    }
}
