package dev.pbs.formats.profile;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading a bad profile fails with a message naming the JSON path and the rule. */
class ProfileJsonErrorTest {

    private static final String CONSTANT = "{\"type\": \"constant\", \"value_ms\": 1}";

    /** A profile whose default W delay is {@code write}. */
    private static String withWrite(String write) {
        return "{\"name\": \"p\", \"default\": {\"w\": " + write + ", \"a\": " + CONSTANT + ", \"r\": " + CONSTANT
                + ", \"s\": " + CONSTANT + "}}";
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"type\": \"pareto\", \"xm_ms\": 1.05, \"alpha\": -1}"
                        + "| default.w.alpha: pareto alpha must be finite and > 0, was -1.0",
                "{\"type\": \"pareto\", \"xm_ms\": 0, \"alpha\": 2}"
                        + "| default.w.xm_ms: pareto xm_ms must be finite and > 0, was 0.0",
                "{\"type\": \"pareto\", \"xm_ms\": 1}" + "| default.w.alpha: required field is missing",
                "{\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 2, \"beta\": 3}"
                        + "| default.w.beta: unknown field in a pareto distribution (allowed: type, xm_ms, alpha)",
                "{\"type\": \"pareto\", \"xm_ms\": \"1\", \"alpha\": 2}"
                        + "| default.w.xm_ms: must be a number, was \"1\"",
                "{\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 1e999}"
                        + "| default.w.alpha: pareto alpha must be finite and > 0, was Infinity",
                "{\"type\": \"exponential\", \"mean_ms\": -2}"
                        + "| default.w.mean_ms: exponential mean_ms must be finite and > 0, was -2.0",
                "{\"type\": \"constant\", \"value_ms\": -0.5}"
                        + "| default.w.value_ms: constant value_ms must be finite and >= 0, was -0.5",
                "{\"type\": \"lognormal\", \"mu\": 1, \"sigma\": 0}"
                        + "| default.w.sigma: lognormal sigma must be finite and > 0, was 0.0",
                "{\"type\": \"shifted\", \"offset_ms\": -1, \"distribution\": {\"type\": \"constant\", \"value_ms\": 1}}"
                        + "| default.w.offset_ms: shifted offset_ms must be finite and >= 0, was -1.0",
                "{\"type\": \"shifted\", \"offset_ms\": 1, \"distribution\": {\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 0}}"
                        + "| default.w.distribution.alpha: pareto alpha must be finite and > 0, was 0.0",
                "{\"type\": \"mixture\", \"components\": [{\"weight\": 0.5, \"distribution\": " + CONSTANT + "}]}"
                        + "| default.w.components: mixture weights must sum to 1, sum was 0.5",
                "{\"type\": \"mixture\", \"components\": [{\"weight\": 1.5, \"distribution\": " + CONSTANT + "}]}"
                        + "| default.w.components[0].weight: mixture weight must be in [0, 1], was 1.5",
                "{\"type\": \"mixture\", \"components\": [{\"weight\": 1, \"distribution\": {\"type\": \"exponential\"}}]}"
                        + "| default.w.components[0].distribution.mean_ms: required field is missing",
                "{\"type\": \"mixture\", \"components\": []}" + "| default.w.components: must be a non-empty array",
                "{\"type\": \"weibull\", \"k\": 1}" + "| default.w.type: unknown distribution type 'weibull'",
                "{\"value_ms\": 1}" + "| default.w.type: required field is missing",
                "17" + "| default.w: a distribution must be a JSON object with a \"type\", was 17",
                "{\"type\": \"empirical\", \"count\": 5, \"histogram\": \"!!!\", \"unit\": \"us\"}"
                        + "| default.w.histogram: must be base64",
                "{\"type\": \"empirical\", \"count\": 5, \"histogram\": \"AAAA\", \"unit\": \"us\"}"
                        + "| default.w.histogram: is not a compressed HdrHistogram",
                "{\"type\": \"empirical\", \"count\": 5, \"histogram\": \"AAAA\", \"unit\": \"s\"}"
                        + "| default.w.unit: unit must be \"ns\", \"us\" or \"ms\", was \"s\"",
                "{\"type\": \"empirical\", \"count\": 2.5, \"histogram\": \"AAAA\", \"unit\": \"us\"}"
                        + "| default.w.count: must be a whole number, was 2.5",
            })
    void read_badDistribution_namesPathAndRule(String write, String expected) {
        assertThatThrownBy(() -> ProfileJson.read(withWrite(write)))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith(expected);
    }

    @Test
    void read_empiricalCountDiffersFromHistogram_namesCount() {
        Histogram histogram = new Histogram(3);
        histogram.recordValue(100);
        histogram.recordValue(200);
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));

        assertThatThrownBy(() -> ProfileJson.read(withWrite("{\"type\": \"empirical\", \"count\": 3, "
                        + "\"histogram\": \"" + encoded + "\", \"unit\": \"us\"}")))
                .hasMessage("default.w.count: empirical count must equal the histogram's total count 2, was 3");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{}| name: required field is missing",
                "{\"name\": 3}| name: must be a string, was 3",
                "{\"name\": \" \"}| name: must not be blank",
                "{\"name\": \"p\"}| default: required field is missing",
                "{\"name\": \"p\", \"colour\": \"red\"}| colour: unknown field in a profile (allowed: name, description, "
                        + "provenance, default, replicas, datacenters, coordinator_replica, coordinator_replica_share, "
                        + "read_path, faults, message_correlation)",
                "{\"name\": \"p\", \"default\": {\"w\": {\"type\": \"constant\", \"value_ms\": 1}}}| default.a: required field "
                        + "is missing",
                "[1, 2]| a profile must be a JSON object, was [1,2]",
                "{\"name\": \"p\",}| not valid JSON at line 1",
                "{\"name\": \"p\", \"name\": \"q\"}| not valid JSON at line 1",
                "{\"name\": \"p\"} {}| not valid JSON",
                "| the document is empty",
            })
    void read_badDocument_namesPathAndRule(String json, String expected) {
        assertThatThrownBy(() -> ProfileJson.read(json == null ? "" : json))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith(expected)
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                ", \"replicas\": []| replicas: must be a non-empty array",
                ", \"replicas\": [{\"x\": 1}]| replicas[0].x: unknown field in a replica's delays (allowed: w, a, r, s)",
                ", \"replicas\": [{}, {\"w\": {\"type\": \"exponential\", \"mean_ms\": 0}}]"
                        + "| replicas[1].w.mean_ms: exponential mean_ms must be finite and > 0, was 0.0",
                ", \"datacenters\": {\"replica_dc\": [0, -1], \"inter_dc_delay\": " + CONSTANT + "}"
                        + "| datacenters.replica_dc[1]: a datacenter number must be >= 0, was -1",
                ", \"datacenters\": {\"replica_dc\": \"everywhere\", \"inter_dc_delay\": " + CONSTANT + "}"
                        + "| datacenters.replica_dc: must be \"per_replica\" or a non-empty array",
                ", \"datacenters\": {\"replica_dc\": \"per_replica\"}"
                        + "| datacenters.inter_dc_delay: required field is missing",
                ", \"datacenters\": {\"replica_dc\": \"per_replica\", \"inter_dc_delay\": " + CONSTANT
                        + ", \"coordinator\": \"dc:x\"}| datacenters.coordinator: coordinator must be 'random' or 'dc:K'",
                ", \"replicas\": [{}, {}, {}], \"datacenters\": {\"replica_dc\": [0, 1], \"inter_dc_delay\": "
                        + CONSTANT + "}| datacenters.replica_dc: places 2 replicas, but \"replicas\" lists 3",
                // the coordinator replica share: an object of two probabilities
                ", \"coordinator_replica_share\": {\"writes\": 1.5, \"reads\": 0.5}"
                        + "| coordinator_replica_share.writes: must be a probability between 0 and 1 (the share of "
                        + "writes whose coordinator is a replica), was 1.5",
                ", \"coordinator_replica_share\": {\"writes\": 0.5, \"reads\": -0.1}"
                        + "| coordinator_replica_share.reads: must be a probability between 0 and 1 (the share of "
                        + "reads whose coordinator is a replica), was -0.1",
                ", \"coordinator_replica_share\": {\"writes\": \"half\", \"reads\": 0.5}"
                        + "| coordinator_replica_share.writes: must be a probability between 0 and 1",
                ", \"coordinator_replica_share\": {\"writes\": 0.5}"
                        + "| coordinator_replica_share.reads: required field is missing",
                ", \"coordinator_replica_share\": {\"writes\": 0.5, \"reads\": 0.5, \"scans\": 1}"
                        + "| coordinator_replica_share.scans: unknown field in the coordinator replica share (allowed: "
                        + "writes, reads)",
                ", \"coordinator_replica_share\": 0.67"
                        + "| coordinator_replica_share: the coordinator replica share must be a JSON object, was 0.67",
                ", \"coordinator_replica_share\": {\"writes\": null, \"reads\": 0.5}"
                        + "| coordinator_replica_share.writes: must be a probability between 0 and 1",
            })
    void read_badReplicasOrDatacenters_namesPathAndRule(String extra, String expected) {
        assertThatThrownBy(() -> ProfileJson.read(ProfileJsonTest.minimal(extra)))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageStartingWith(expected);
    }

    @org.junit.jupiter.api.Test
    void read_loneSurrogateInText_isRefusedNamingThePath() {
        String json = dev.pbs.formats.profile.ProfileJson.writeString(
                        dev.pbs.formats.profile.ProfileCatalog.require("lnkd-ssd"))
                .replaceFirst("\"description\" : \"[^\"]*\"", "\"description\" : \"a\\\\ud800b\"");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.pbs.formats.profile.ProfileJson.read(json))
                .hasMessageContaining("description")
                .hasMessageContaining("unpaired surrogate");
        // A proper pair (an emoji) is fine.
        String emoji = json.replace("a\\ud800b", "a\\ud83d\\ude00b");
        org.assertj.core.api.Assertions.assertThat(
                        dev.pbs.formats.profile.ProfileJson.read(emoji).description())
                .isEqualTo("a\ud83d\ude00b");
    }
}
