package richelieu.engine;

import richelieu.engine.json.Json;

/** R1: the three symbols a one-shield card may show. {@link #ordinal()} is the symbol's id. */
public enum Symbol {
    /** The sword. */
    SWORD("sword"),
    /** The cross. */
    CROSS("cross"),
    /** The tower. */
    TOWER("tower");

    /** The number of symbols. */
    public static final int COUNT = 3;
    private static final Symbol[] VALUES = values();

    private final String jsonName;

    Symbol(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The lower-case name used in deck files and game records. */
    public String jsonName() {
        return jsonName;
    }

    /** The symbol with this id (its ordinal). */
    public static Symbol of(int id) {
        return VALUES[id];
    }

    /** Parses "sword", "cross" or "tower"; returns null for anything else. */
    public static Symbol parse(String name) {
        return Json.named(VALUES, Symbol::jsonName, name);
    }

    @Override
    public String toString() {
        return jsonName;
    }
}
