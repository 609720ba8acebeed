package richelieu.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The 48 cards (R1) as data. {@link #standard()} is the reconstruction tabled in docs/rules.md;
 * {@link #load(Path)} reads any other deck from a JSON file of the form
 * <pre>{"name": "…", "cards": [{"region": "Bourgogne", "shields": 2, "symbol": null}, …]}</pre>
 * and rejects a file that breaks a deck rule with one message naming the card and the problem.
 * A card's index in {@link #cards()} is its id everywhere (game records use it).
 */
public final class Deck {
    /** Cards in a deck (R1). */
    public static final int SIZE = 48;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Deck STANDARD = buildStandard();

    private final String name;
    private final List<Card> cards;

    private Deck(String name, List<Card> cards) {
        this.name = name;
        this.cards = List.copyOf(cards);
    }

    /** Validates and wraps a card list; throws {@link DeckException} naming the first problem. */
    public static Deck of(String name, List<Card> cards) {
        validate(cards);
        return new Deck(name, cards);
    }

    /** The default deck: the reconstruction in docs/rules.md (66 shields, 27 symbols, 18 doubles). */
    public static Deck standard() {
        return STANDARD;
    }

    /** The deck's name, as deck files, result files and charts show it. */
    public String name() {
        return name;
    }

    /** The 48 cards; a card's index here is its id everywhere. */
    public List<Card> cards() {
        return cards;
    }

    /** The card with id {@code index}. */
    public Card card(int index) {
        return cards.get(index);
    }

    /** R1: the number printed on a card, the total shields of its region in this deck. */
    public int regionShields(Region region) {
        int total = 0;
        for (Card c : cards) {
            if (c.region() == region) {
                total += c.shields();
            }
        }
        return total;
    }

    /** How many cards of this deck show the symbol. */
    public int symbolCount(Symbol symbol) {
        int n = 0;
        for (Card c : cards) {
            if (c.symbol() == symbol) {
                n++;
            }
        }
        return n;
    }

    // ---------------------------------------------------------------- loading and writing

    /** Largest deck file read: a deck is 48 small objects (about 3 KB). */
    public static final long MAX_FILE_BYTES = 1 << 20;

    /** Reads and validates a deck file (at most {@link #MAX_FILE_BYTES}, checked before reading). */
    public static Deck load(Path file) {
        String text;
        try {
            text = Json.readFile(file, MAX_FILE_BYTES);
        } catch (NoSuchFileException e) {
            throw new DeckException("deck file " + file + ": no such file");
        } catch (Json.BadJson e) {
            throw new DeckException("deck file " + file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new DeckException("deck file " + file + ": cannot read it (" + Json.reason(e) + ")", e);
        }
        try {
            return parse(text);
        } catch (DeckException e) {
            throw new DeckException("deck file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses and validates the JSON text of a deck (one strict JSON document, {@link Json#readTree}). */
    public static Deck parse(String json) {
        JsonNode root;
        try {
            root = Json.readTree(json);
        } catch (Json.BadJson e) {
            throw new DeckException(e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new DeckException("expected a JSON object with \"name\" and \"cards\"");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("name") && !field.equals("cards")) {
                throw new DeckException("unknown field \"" + Json.brief(field) + "\" (expected \"name\" and \"cards\")");
            }
        }
        JsonNode nameNode = root.get("name");
        if (nameNode == null || !nameNode.isTextual() || nameNode.asText().isBlank()) {
            throw new DeckException("\"name\" must be a non-empty string");
        }
        JsonNode cardsNode = root.get("cards");
        if (cardsNode == null || !cardsNode.isArray()) {
            throw new DeckException("\"cards\" must be an array of " + SIZE + " cards");
        }
        List<Card> cards = new ArrayList<>();
        int i = 0;
        for (JsonNode c : cardsNode) {
            cards.add(parseCard(i++, c));
        }
        validate(cards);
        return new Deck(nameNode.asText(), cards);
    }

    private static Card parseCard(int i, JsonNode c) {
        if (!c.isObject()) {
            throw new DeckException("card " + i + ": expected an object with region, shields and symbol");
        }
        for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("region") && !field.equals("shields") && !field.equals("symbol")) {
                throw new DeckException("card " + i + ": unknown field \"" + Json.brief(field) + "\"");
            }
        }
        JsonNode regionNode = c.get("region");
        if (regionNode == null || !regionNode.isTextual()) {
            throw new DeckException("card " + i + ": \"region\" must be one of " + regionList());
        }
        Region region = Region.parse(regionNode.asText());
        if (region == null) {
            throw new DeckException("card " + i + ": unknown region \"" + Json.brief(regionNode.asText())
                    + "\" (expected one of " + regionList() + ")");
        }
        JsonNode shieldsNode = c.get("shields");
        if (shieldsNode == null || !shieldsNode.isInt()) {
            throw new DeckException("card " + i + " (" + region + "): \"shields\" must be 1 or 2");
        }
        int shields = shieldsNode.asInt();
        if (shields != 1 && shields != 2) {
            throw new DeckException("card " + i + " (" + region + "): shields must be 1 or 2, not " + shields);
        }
        JsonNode symbolNode = c.get("symbol");
        Symbol symbol = null;
        if (symbolNode != null && !symbolNode.isNull()) {
            symbol = symbolNode.isTextual() ? Symbol.parse(symbolNode.asText()) : null;
            if (symbol == null) {
                throw new DeckException("card " + i + " (" + region + "): symbol must be sword, cross, tower or null, not "
                        + Json.brief(symbolNode));
            }
            if (shields != 1) {
                throw new DeckException("card " + i + " (" + region + "): a symbol may only be on a one-shield card,"
                        + " but this card has 2 shields");
            }
        }
        return new Card(region, shields, symbol);
    }

    private static void validate(List<Card> cards) {
        if (cards.size() != SIZE) {
            throw new DeckException("a deck has " + SIZE + " cards, this one has " + cards.size());
        }
        boolean[] regionSeen = new boolean[Region.COUNT];
        boolean[] symbolSeen = new boolean[Symbol.COUNT];
        for (int i = 0; i < cards.size(); i++) {
            Card c = cards.get(i);
            if (c == null) {
                throw new DeckException("card " + i + " is missing");
            }
            regionSeen[c.region().ordinal()] = true;
            if (c.symbol() != null) {
                symbolSeen[c.symbol().ordinal()] = true;
            }
        }
        for (Region r : Region.values()) {
            if (!regionSeen[r.ordinal()]) {
                throw new DeckException("region " + r + " has no card, but all 9 regions (and their shield tokens) are in the game");
            }
        }
        for (Symbol s : Symbol.values()) {
            if (!symbolSeen[s.ordinal()]) {
                throw new DeckException("no card shows the " + s + " symbol, but the " + s + " token is in the game");
            }
        }
    }

    private static String regionList() {
        StringBuilder sb = new StringBuilder();
        for (Region r : Region.values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(r.displayName());
        }
        return sb.toString();
    }

    /** The deck as deck-file JSON (pretty printed), loadable by {@link #parse(String)}. */
    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("name", name);
        ArrayNode arr = root.putArray("cards");
        for (Card c : cards) {
            arr.add(cardJson(c));
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One card as {@code {"region":…,"shields":…,"symbol":…}} (used by deck files and records). */
    public static ObjectNode cardJson(Card c) {
        ObjectNode n = JSON.createObjectNode();
        n.put("region", c.region().displayName());
        n.put("shields", c.shields());
        if (c.symbol() == null) {
            n.putNull("symbol");
        } else {
            n.put("symbol", c.symbol().jsonName());
        }
        return n;
    }

    /** Reads one card object (as written by {@link #cardJson}); {@code index} names it in errors. */
    public static Card parseCardJson(int index, JsonNode node) {
        return parseCard(index, node);
    }

    // ---------------------------------------------------------------- the default deck

    /**
     * The table of docs/rules.md (section 2): per region its symbol cards (one each of sword, cross, tower),
     * double-shield cards and plain one-shield cards.
     */
    private static Deck buildStandard() {
        int[][] table = {
                // doubles, plain singles (each region also has 3 symbol cards)
                {3, 1}, // Bourgogne 10
                {3, 0}, // Bretagne 9
                {3, 0}, // Champagne 9
                {2, 1}, // Normandie 8
                {2, 1}, // Languedoc 8
                {2, 0}, // Provence 7
                {1, 0}, // Anjou 5
                {1, 0}, // Bourbon 5
                {1, 0}, // Auvergne 5
        };
        List<Card> cards = new ArrayList<>();
        for (Region r : Region.values()) {
            for (Symbol s : Symbol.values()) {
                cards.add(new Card(r, 1, s));
            }
            for (int d = 0; d < table[r.ordinal()][0]; d++) {
                cards.add(new Card(r, 2, null));
            }
            for (int p = 0; p < table[r.ordinal()][1]; p++) {
                cards.add(new Card(r, 1, null));
            }
        }
        // Named after the page that tables it; result files compare decks by their cards, not this name.
        return of("standard (docs/rules.md)", cards);
    }

    @Override
    public String toString() {
        return "Deck[" + name + "]";
    }
}
