package dev.pbs.service.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.wire.FaultEffectsAnswer;
import dev.pbs.formats.wire.FaultProportion;
import dev.pbs.formats.wire.ProfileSummary;
import dev.pbs.formats.wire.Recovery;
import dev.pbs.formats.wire.SlaWindow;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.errors.ErrorMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every record on the wire, through the object mapper Dropwizard serves JSON with: the field
 * names are exactly the snake_case ones of the API, and reading what was written gives an equal
 * record.
 */
class WireRecordsTest {

    private static final ObjectMapper MAPPER = Jackson.newObjectMapper();

    private static <T> T roundTrip(T value, Class<T> type, String... fieldNames) throws Exception {
        String json = MAPPER.writeValueAsString(value);
        JsonNode tree = MAPPER.readTree(json);
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        assertThat(names).as(json).containsExactlyInAnyOrder(fieldNames);

        T read = MAPPER.readValue(json, type);
        assertThat(read).as(json).isEqualTo(value);
        return read;
    }

    @Test
    void profileSummary_roundTrips() throws Exception {
        ProfileSummary summary = new ProfileSummary(
                "lnkd-disk", "LinkedIn, spinning disks", "PBS paper, Table 2 \"quoted\" \u00e9 \u2603", "built-in");

        roundTrip(summary, ProfileSummary.class, "name", "description", "provenance", "origin");
        JsonNode tree = MAPPER.valueToTree(summary);
        assertThat(tree.get("provenance").textValue()).isEqualTo("PBS paper, Table 2 \"quoted\" \u00e9 \u2603");
        assertThat(tree.get("origin").textValue()).isEqualTo("built-in");
    }

    @Test
    void profileSummary_emptyTexts_roundTrip() throws Exception {
        roundTrip(
                new ProfileSummary("u", "", "", "uploaded"),
                ProfileSummary.class,
                "name",
                "description",
                "provenance",
                "origin");
    }

    @Test
    void slaWindow_roundTrips_withSnakeCaseNames() throws Exception {
        SlaWindow window = new SlaWindow(
                "lnkd-disk", 3, 1, 1, 0.999, 21.734_5, Arrays.asList(19.25, 24.125), false, false, 100_000, -7L);

        roundTrip(
                window,
                SlaWindow.class,
                "profile",
                "n",
                "r",
                "w",
                "p",
                "t_ms",
                "ci95",
                "beyond_range",
                "strict",
                "trials",
                "seed");
        JsonNode tree = MAPPER.valueToTree(window);
        assertThat(tree.get("t_ms").doubleValue()).isEqualTo(21.734_5);
        assertThat(tree.get("ci95").size()).isEqualTo(2);
        assertThat(tree.get("beyond_range").isBoolean()).isTrue();
        assertThat(tree.get("seed").longValue()).isEqualTo(-7L);
    }

    @Test
    void slaWindow_beyondRange_keepsNullsOnTheWire() throws Exception {
        SlaWindow window = new SlaWindow(
                "wan", 8, 2, 3, 0.999_999, null, Arrays.asList(1.5, null), true, false, 1, Long.MIN_VALUE);

        roundTrip(
                window,
                SlaWindow.class,
                "profile",
                "n",
                "r",
                "w",
                "p",
                "t_ms",
                "ci95",
                "beyond_range",
                "strict",
                "trials",
                "seed");
        JsonNode tree = MAPPER.valueToTree(window);
        assertThat(tree.has("t_ms")).isTrue();
        assertThat(tree.get("t_ms").isNull()).isTrue();
        assertThat(tree.get("ci95").get(1).isNull()).isTrue();
        assertThat(tree.get("seed").longValue()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void slaWindow_strict_extremeNumbersSurvive() throws Exception {
        SlaWindow window = new SlaWindow(
                "x",
                Integer.MAX_VALUE,
                0,
                -1,
                Double.MIN_VALUE,
                0.0,
                Arrays.asList(0.0, Double.MAX_VALUE),
                false,
                true,
                Long.MAX_VALUE,
                Long.MAX_VALUE);

        roundTrip(
                window,
                SlaWindow.class,
                "profile",
                "n",
                "r",
                "w",
                "p",
                "t_ms",
                "ci95",
                "beyond_range",
                "strict",
                "trials",
                "seed");
    }

    @Test
    void slaWindow_ofLevels_roundTripsWithTheLevelsAndDatacenters() throws Exception {
        SlaWindow window = new SlaWindow(
                "two-dc",
                "LOCAL_QUORUM",
                "LOCAL_ONE",
                "dc1",
                "dc2",
                6,
                1,
                2,
                0.99,
                18.5,
                Arrays.asList(18.0, 19.0),
                false,
                false,
                2000,
                42);

        roundTrip(
                window,
                SlaWindow.class,
                "profile",
                "write_level",
                "read_level",
                "write_dc",
                "read_dc",
                "n",
                "r",
                "w",
                "p",
                "t_ms",
                "ci95",
                "beyond_range",
                "strict",
                "trials",
                "seed");
    }

    @Test
    void slaWindow_readsTheDocumentedJson() throws Exception {
        String served = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"p\": 0.99, \"t_ms\": 20.5, "
                + "\"ci95\": [19.0, 22.0], \"beyond_range\": false, \"strict\": false, \"trials\": 100000, "
                + "\"seed\": 42}";

        SlaWindow window = MAPPER.readValue(served, SlaWindow.class);

        assertThat(window)
                .isEqualTo(new SlaWindow(
                        "lnkd-disk", 3, 1, 1, 0.99, 20.5, List.of(19.0, 22.0), false, false, 100_000, 42));
        assertThat(MAPPER.readTree(MAPPER.writeValueAsString(window))).isEqualTo(MAPPER.readTree(served));
    }

    @Test
    void recovery_roundTrips_withWholeMillisecondsAsIntegers() throws Exception {
        Recovery recovery =
                new Recovery(20_000.0, 0.5, List.of(new Recovery.Point(0.0, 0.0), new Recovery.Point(5000.5, 0.5)));

        roundTrip(recovery, Recovery.class, "outage_ms", "hinted_fraction", "points");
        JsonNode tree = MAPPER.valueToTree(recovery);
        assertThat(tree.get("outage_ms").isIntegralNumber()).isTrue();
        assertThat(tree.get("points").get(0).get("since_return_ms").isIntegralNumber())
                .isTrue();
        assertThat(tree.get("points").get(1).get("since_return_ms").doubleValue())
                .isEqualTo(5000.5);
        assertThat(tree.get("points").get(1).get("p_consistent").doubleValue()).isEqualTo(0.5);
    }

    @Test
    void faultEffects_noTrialCounted_keepsTheNullEstimateOnTheWire() throws Exception {
        FaultEffectsAnswer effects = new FaultEffectsAnswer(
                new FaultProportion(1.0, List.of(0.99, 1.0), 2000),
                new FaultProportion(0.0, List.of(0.0, 0.0019), 2000),
                new FaultProportion(null, List.of(0.0, 1.0), 0));

        roundTrip(
                effects,
                FaultEffectsAnswer.class,
                "p_write_unavailable",
                "p_read_unavailable",
                "p_read_waited_for_pause");
        JsonNode paused = MAPPER.valueToTree(effects).get("p_read_waited_for_pause");
        assertThat(paused.has("p")).isTrue();
        assertThat(paused.get("p").isNull()).isTrue();
        assertThat(paused.get("trials").asLong()).isZero();
        roundTrip(effects.readUnavailable(), FaultProportion.class, "p", "ci95", "trials");
    }

    @Test
    void errorMessage_asTheServiceSendsIt_roundTrips() throws Exception {
        ErrorMessage error = new ErrorMessage(400, "'n' must be between 1 and 16, was 99");

        ErrorMessage read = roundTrip(error, ErrorMessage.class, "code", "message");
        assertThat(read.getCode()).isEqualTo(400);
        assertThat(read.getMessage()).isEqualTo("'n' must be between 1 and 16, was 99");
        assertThat(read.getDetails()).isNull();
        assertThat(MAPPER.valueToTree(error).get("code").isIntegralNumber()).isTrue();
    }

    @Test
    void errorMessage_withDetails_roundTrips() throws Exception {
        ErrorMessage error = new ErrorMessage(503, "the service is busy; try again in 1 s", "queue full \u00e9");

        roundTrip(error, ErrorMessage.class, "code", "message", "details");
    }

    @Test
    void errorMessage_readsTheServedJson() throws Exception {
        ErrorMessage read =
                MAPPER.readValue("{\"code\": 404, \"message\": \"no profile named 'x'\"}", ErrorMessage.class);

        assertThat(read).isEqualTo(new ErrorMessage(404, "no profile named 'x'"));
    }
}
