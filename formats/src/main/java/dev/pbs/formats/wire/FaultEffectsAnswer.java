package dev.pbs.formats.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;

/** What faulty replicas did to one configuration's operations. */
@Schema(
        name = "FaultEffects",
        description = "What faulty replicas did to one configuration's operations. P(consistent), the windows and "
                + "the latencies count only the operations that were available.")
public record FaultEffectsAnswer(
        @Schema(description = "P(a write finds fewer than W replicas up: Cassandra's Unavailable error).")
        @JsonProperty("p_write_unavailable")
        FaultProportion writeUnavailable,

        @Schema(description = "P(a read right after a committed write finds fewer than R replicas up).")
        @JsonProperty("p_read_unavailable")
        FaultProportion readUnavailable,

        @Schema(description = "P(a read at a random instant waits for a paused replica), over the available reads.")
        @JsonProperty("p_read_waited_for_pause")
        FaultProportion readWaitedForPause) {}
