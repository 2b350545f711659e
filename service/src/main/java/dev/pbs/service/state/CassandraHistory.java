package dev.pbs.service.state;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.pbs.service.history.HistoryEntry;
import dev.pbs.service.history.HistoryEntryJson;
import dev.pbs.service.history.HistoryStorage;
import java.util.ArrayList;
import java.util.List;

/** One probe's history in the state keyspace's {@code probe_history} partition, oldest first. */
final class CassandraHistory implements HistoryStorage {

    /** The statements, prepared once for every probe. */
    record Statements(
            PreparedStatement keys, PreparedStatement read, PreparedStatement write, PreparedStatement delete) {

        static Statements prepare(StateSession session, String keyspace) {
            String table = keyspace + ".probe_history";
            return new Statements(
                    session.prepare("SELECT key FROM " + table + " WHERE probe = ?"),
                    session.prepare("SELECT entry FROM " + table + " WHERE probe = ? AND key = ?"),
                    session.prepare("INSERT INTO " + table + " (probe, key, entry) VALUES (?, ?, ?)"),
                    session.prepare("DELETE FROM " + table + " WHERE probe = ? AND key = ?"));
        }
    }

    private final StateSession session;
    private final Statements statements;
    private final String probe;

    CassandraHistory(StateSession session, Statements statements, String probe) {
        this.session = session;
        this.statements = statements;
        this.probe = probe;
    }

    @Override
    public List<Long> keys() {
        List<Long> keys = new ArrayList<>();
        for (Row row : session.execute("list_history", statements.keys().bind(probe))) {
            keys.add(row.getLong("key"));
        }
        return keys;
    }

    @Override
    public HistoryEntry read(long key) {
        Row row = session.execute("read_history", statements.read().bind(probe, key))
                .one();
        String where = "history entry " + key + " of probe " + probe;
        if (row == null) {
            throw new IllegalArgumentException(where + ": not found");
        }
        return HistoryEntryJson.read(row.getString("entry"), where);
    }

    @Override
    public void write(HistoryEntry entry, long key) {
        session.execute("write_history", statements.write().bind(probe, key, HistoryEntryJson.write(entry)));
    }

    @Override
    public void delete(long key) {
        session.execute("delete_history", statements.delete().bind(probe, key));
    }
}
