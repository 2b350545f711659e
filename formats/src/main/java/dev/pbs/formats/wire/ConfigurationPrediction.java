package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The results for one (R, W), or one pair of consistency levels and datacenters. */
@Schema(
        name = "ConfigurationPrediction",
        description = "The results for one (R, W), or for one write level and datacenter and one read level "
                + "and datacenter.")
public record ConfigurationPrediction(
        @Schema(
                description = "The write's consistency level, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("write_level")
        String writeLevel,

        @Schema(
                description = "The read's consistency level, for levels across datacenters.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_level")
        String readLevel,

        @Schema(
                description = "The datacenter of the write's coordinator, for levels.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("write_dc")
        String writeDatacenter,

        @Schema(
                description = "The datacenter of the read's coordinator, for levels.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_dc")
        String readDatacenter,

        @Schema(description = "Read quorum: for levels, the replicas the read contacts.") @JsonProperty("r")
        int r,

        @Schema(description = "Write quorum: for levels, the acknowledgements the write waits for.") @JsonProperty("w")
        int w,

        @Schema(
                description = "Every read set meets every write set that can commit, so every read after commit "
                        + "is consistent: R + W > N, or for levels decided datacenter by datacenter.")
        @JsonProperty("strict")
        boolean strict,

        @Schema(description = "P(a read starting t ms after commit is consistent), per requested t.")
        @JsonProperty("t_visibility")
        List<Prediction.Visibility> tVisibility,

        @Schema(description = "How long after commit a read must start to be consistent with probability p.")
        @JsonProperty("windows_ms")
        List<ConsistencyWindow> windowsMillis,

        @Schema(description = "Read latency percentiles in ms.") @JsonProperty("read_latency_ms")
        List<Prediction.Latency> readLatencyMillis,

        @Schema(description = "Write latency percentiles in ms.") @JsonProperty("write_latency_ms")
        List<Prediction.Latency> writeLatencyMillis,

        @Schema(
                description = "P(a read returns a value more than k versions old), p_s^k: closed form for (R, W); "
                        + "for levels p_s is the simulated P(the read contacts no replica whose acknowledgement "
                        + "counted).")
        @JsonProperty("k_staleness")
        List<Prediction.VersionStaleness> kStaleness,

        @Schema(description = "P(more than k versions old at t ms), (1 - P(consistent at t))^k.")
        @JsonProperty("kt_staleness")
        List<Prediction.TimedStaleness> ktStaleness,

        @Schema(
                description = "How often reads asked an extra replica (speculative retry); absent when reads "
                        + "never speculate.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("speculation")
        Prediction.Speculation speculation,

        @Schema(
                description = "Blocking read repair at each requested t; absent without read repair.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("read_repair")
        List<ReadRepairPoint> readRepair,

        @Schema(
                description = "What faulty replicas did; absent for healthy replicas.",
                requiredMode = Schema.RequiredMode.NOT_REQUIRED)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @JsonProperty("fault_effects")
        FaultEffectsAnswer faultEffects) {}
