package dev.pbs.service.history;

import java.util.List;

/**
 * Where one probe's history entries are kept, each under a key: the epoch milliseconds of its entry,
 * unique and increasing. Files in the data directory ({@link HistoryFiles}) or, in fleet mode, rows
 * of the fleet's Cassandra keyspace.
 */
public interface HistoryStorage {

    /** The keys of the kept entries, oldest first; may clean up what a crash left behind. */
    List<Long> keys();

    /**
     * The entry under that key.
     *
     * @throws IllegalArgumentException when it cannot be read as an entry, naming where it is
     */
    HistoryEntry read(long key);

    /** Writes an entry under its key, atomically and durably. */
    void write(HistoryEntry entry, long key);

    /** Deletes the entry under that key. */
    void delete(long key);
}
