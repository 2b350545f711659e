package dev.pbs.service.core;

import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import java.util.Optional;

/**
 * Where uploaded profiles are kept: files in the data directory ({@link FileUploadedProfiles}, the
 * default) or the fleet's Cassandra keyspace. Names are checked by {@link ProfileStore} before they
 * get here; a stored profile carries its name.
 *
 * <p>An implementation that cannot reach its storage throws {@link StateStoreUnavailableException};
 * a change that throws left the storage unchanged.
 */
public interface UploadedProfiles {

    /** Every uploaded profile, by name. */
    List<LatencyProfile> list();

    /** The profile of that name, if one was uploaded. */
    Optional<LatencyProfile> find(String name);

    /**
     * Stores the profile durably under its own name.
     *
     * @return true when it replaced a profile of that name, false when it is new
     */
    boolean put(LatencyProfile profile);

    /** Deletes the profile of that name durably; false when there was none. */
    boolean delete(String name);

    /** What could not be loaded when the storage was opened, one line each. */
    List<String> loadProblems();
}
