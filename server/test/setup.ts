import { checkFlattenedSql } from '../db/flat-sql';

// Every raw statement the server suites run is compiled flattened and as drizzle would, and must match.
checkFlattenedSql(true);
