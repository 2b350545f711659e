package dev.pbs.service.history;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.slas.LivePrediction;
import java.util.List;
import java.util.Objects;

/**
 * What a probe's history keeps of one refresh.
 *
 * @param publishedAtEpochSeconds when the live profile was published (Unix time)
 * @param profile the live profile
 * @param prediction its declared configurations' prediction, or null when the probe declares none
 * @param drift each message's delays against the reference week, or null when there was no
 *     reference yet (the first entries)
 */
public record HistoryEntry(
        long publishedAtEpochSeconds, LatencyProfile profile, LivePrediction prediction, List<DriftView> drift) {

    public HistoryEntry {
        Objects.requireNonNull(profile, "profile");
        drift = drift == null ? null : List.copyOf(drift);
    }
}
