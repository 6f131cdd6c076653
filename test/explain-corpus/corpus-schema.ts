/**
 * The shop schema the corpus explains: customers, orders (skewed: customer 1 has a tenth of all
 * orders, so join estimates built on averages miss), order items, products with a FULLTEXT index,
 * a category tree for recursive CTEs, partitioned events, and an index-less audit log that forces
 * hash / block joins. Data is generated from a number table, deterministically, so rebuilding
 * the corpus changes timings, not plans. The SQL runs unchanged on MySQL 9.7 and MariaDB 10.11+.
 */
export const CORPUS_DATABASE = 'shop';

const COUNTRIES = `'US','US','US','US','US','DE','DE','DE','FR','FR','GB','GB','JP','BR','IN','CA','AU','NZ','SE','ES'`;
const MATERIALS = `'steel','oak','glass','cotton','wool','brass','clay','linen'`;

/** The statements that (re)create the schema with its rows and fresh statistics. */
export function corpusSchemaStatements(database = CORPUS_DATABASE): string[] {
  return [
    `DROP DATABASE IF EXISTS ${database}`,
    `CREATE DATABASE ${database}`,
    `USE ${database}`,
    `CREATE TABLE digits (d TINYINT NOT NULL PRIMARY KEY) ENGINE=InnoDB`,
    `INSERT INTO digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)`,
    `CREATE TABLE seq (n INT NOT NULL PRIMARY KEY) ENGINE=InnoDB`,
    `INSERT INTO seq SELECT 1 + a.d + 10 * b.d + 100 * c.d + 1000 * d.d + 10000 * e.d
       FROM digits a, digits b, digits c, digits d, digits e`,
    `CREATE TABLE customers (
       id INT NOT NULL PRIMARY KEY,
       name VARCHAR(60) NOT NULL,
       email VARCHAR(80) NOT NULL,
       country CHAR(2) NOT NULL,
       city VARCHAR(40) NOT NULL,
       tier VARCHAR(10) NOT NULL,
       created_at DATETIME NOT NULL,
       UNIQUE KEY email (email),
       KEY country_city (country, city),
       KEY created_at (created_at)
     ) ENGINE=InnoDB`,
    `INSERT INTO customers
       SELECT n, CONCAT('customer ', n), CONCAT('c', n, '@example.com'), ELT(1 + n % 20, ${COUNTRIES}),
              CONCAT('city ', n % 97), IF(n % 100 = 0, 'vip', 'standard'),
              TIMESTAMP '2020-01-01 00:00:00' + INTERVAL n * 7 HOUR
       FROM seq WHERE n <= 5000`,
    `CREATE TABLE orders (
       id INT NOT NULL PRIMARY KEY,
       customer_id INT NOT NULL,
       status VARCHAR(12) NOT NULL,
       total DECIMAL(10,2) NOT NULL,
       coupon_code VARCHAR(12) NULL,
       ordered_at DATETIME NOT NULL,
       KEY customer_id (customer_id),
       KEY status_ordered (status, ordered_at),
       KEY coupon_code (coupon_code),
       KEY ordered_at (ordered_at)
     ) ENGINE=InnoDB`,
    `INSERT INTO orders
       SELECT n, IF(n % 10 = 0, 1, 1 + (n * 7919) % 5000),
              ELT(1 + n % 10, 'paid','paid','paid','paid','paid','paid','shipped','shipped','cancelled','returned'),
              (n * 37) % 1000 + 0.99, IF(n % 500 = 0, 'SPRING', NULL),
              TIMESTAMP '2021-01-01 00:00:00' + INTERVAL n * 37 MINUTE
       FROM seq WHERE n <= 50000`,
    `CREATE TABLE order_archive LIKE orders`,
    `CREATE TABLE order_items (
       order_id INT NOT NULL,
       line_no TINYINT NOT NULL,
       product_id INT NOT NULL,
       qty INT NOT NULL,
       price DECIMAL(10,2) NOT NULL,
       PRIMARY KEY (order_id, line_no),
       KEY product_id (product_id)
     ) ENGINE=InnoDB`,
    `INSERT INTO order_items
       SELECT 1 + (n - 1) DIV 2, 1 + (n - 1) % 2, 1 + (n * 31) % 1000, 1 + n % 5, 1 + (n * 13) % 200
       FROM seq`,
    `CREATE TABLE products (
       id INT NOT NULL PRIMARY KEY,
       category_id INT NOT NULL,
       name VARCHAR(80) NOT NULL,
       description TEXT NOT NULL,
       price DECIMAL(10,2) NOT NULL,
       KEY category_id (category_id),
       FULLTEXT KEY name_description (name, description)
     ) ENGINE=InnoDB`,
    `INSERT INTO products
       SELECT n, 1 + n % 40,
              CONCAT(ELT(1 + n % 8, ${MATERIALS}), ' ', ELT(1 + n % 5, 'chair','table','lamp','rug','vase'), ' ', n),
              CONCAT('A ', ELT(1 + n % 3, 'sturdy','light','classic'), ' piece made of ', ELT(1 + (n * 3) % 8, ${MATERIALS})),
              5 + n % 300
       FROM seq WHERE n <= 1000`,
    `CREATE TABLE categories (
       id INT NOT NULL PRIMARY KEY,
       parent_id INT NULL,
       name VARCHAR(40) NOT NULL,
       KEY parent_id (parent_id)
     ) ENGINE=InnoDB`,
    `INSERT INTO categories SELECT n, IF(n <= 4, NULL, n DIV 3), CONCAT('category ', n) FROM seq WHERE n <= 40`,
    `CREATE TABLE events (
       id INT NOT NULL,
       happened_at DATE NOT NULL,
       customer_id INT NOT NULL,
       kind VARCHAR(16) NOT NULL,
       PRIMARY KEY (id, happened_at),
       KEY customer_id (customer_id)
     ) ENGINE=InnoDB
     PARTITION BY RANGE (YEAR(happened_at)) (
       PARTITION p2021 VALUES LESS THAN (2022),
       PARTITION p2022 VALUES LESS THAN (2023),
       PARTITION p2023 VALUES LESS THAN (2024),
       PARTITION pmax VALUES LESS THAN MAXVALUE
     )`,
    `INSERT INTO events
       SELECT n, DATE '2021-01-01' + INTERVAL (n % 1400) DAY, 1 + (n * 13) % 5000,
              ELT(1 + n % 4, 'login','view','cart','logout')
       FROM seq WHERE n <= 20000`,
    // No index at all: joins against it need a hash join (MySQL) or a join buffer (MariaDB).
    `CREATE TABLE audit_log (
       customer_ref INT NOT NULL,
       city_name VARCHAR(40) NOT NULL,
       action VARCHAR(16) NOT NULL
     ) ENGINE=InnoDB`,
    `INSERT INTO audit_log
       SELECT 1 + (n * 17) % 5000, CONCAT('city ', n % 97), ELT(1 + n % 3, 'login','export','delete')
       FROM seq WHERE n <= 5000`,
    `ANALYZE TABLE customers, orders, order_archive, order_items, products, categories, events, audit_log`,
  ];
}
