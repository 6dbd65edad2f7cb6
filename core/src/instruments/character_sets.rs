//! The character sets and collations a MySQL 9.7 server knows, as `SHOW CHARACTER SET`,
//! `SHOW COLLATION`, `information_schema.CHARACTER_SETS` and `information_schema.COLLATIONS`
//! list them: 41 character sets and 286 collations, the set MySQL has had since 8.0.30 (when
//! the `utf8_*` names became `utf8mb3_*` and the Norwegian, Serbian, Bosnian, Bulgarian,
//! Galician and Mongolian utf8mb4 collations were added).
//!
//! Sources (facts only):
//! - The character sets, descriptions, default collations and maximum lengths: the MySQL 8.0
//!   Reference Manual, "Supported Character Sets and Collations" (its `SHOW CHARACTER SET`
//!   example, with utf8mb3), and a real 8.0.30+ `SHOW CHARACTER SET` / `SHOW COLLATION`
//!   session ("41 rows in set", "286 rows in set") quoted in a public tutorial.
//! - Every collation's id, default flag, sortlen and pad attribute: vitessio/vitess
//!   `go/mysql/collations/testdata/versions/collations_MySQL8.csv`, a dump of
//!   `SELECT * FROM information_schema.collations` from a MySQL 8.0.30+ server (utf8mb3
//!   names, ids up to 323); its order (by character set, then id) is the order
//!   information_schema.COLLATIONS gives here.
//!
//! The SHOW statements sort by name as the data dictionary's `utf8mb3_general_ci` does
//! (case-insensitively, so `_` sorts after letters: `utf8mb3_romanian_ci` before
//! `utf8mb3_roman_ci`), and their LIKE matches the name case-insensitively, as those
//! columns' collation makes it (the same matching SHOW VARIABLES uses here).
//!
//! UNCONFIRMED: that 9.x lists exactly 8.0.30's collations (no 9.x listing was found; the
//! release notes name no new collation). UNCONFIRMED: the row order of an unordered SELECT
//! on information_schema.CHARACTER_SETS (taken as by name).

use crate::storage::table::Row;
use crate::storage::value::Value;

/// (name, description, default collation, maxlen).
type CharacterSet = (&'static str, &'static str, &'static str, u64);

/// (name, character set, id, is the set's default, sortlen, NO PAD).
type Collation = (&'static str, &'static str, u64, bool, u64, bool);

const CHARACTER_SETS: [CharacterSet; 41] = [
    ("armscii8", "ARMSCII-8 Armenian", "armscii8_general_ci", 1),
    ("ascii", "US ASCII", "ascii_general_ci", 1),
    ("big5", "Big5 Traditional Chinese", "big5_chinese_ci", 2),
    ("binary", "Binary pseudo charset", "binary", 1),
    ("cp1250", "Windows Central European", "cp1250_general_ci", 1),
    ("cp1251", "Windows Cyrillic", "cp1251_general_ci", 1),
    ("cp1256", "Windows Arabic", "cp1256_general_ci", 1),
    ("cp1257", "Windows Baltic", "cp1257_general_ci", 1),
    ("cp850", "DOS West European", "cp850_general_ci", 1),
    ("cp852", "DOS Central European", "cp852_general_ci", 1),
    ("cp866", "DOS Russian", "cp866_general_ci", 1),
    ("cp932", "SJIS for Windows Japanese", "cp932_japanese_ci", 2),
    ("dec8", "DEC West European", "dec8_swedish_ci", 1),
    ("eucjpms", "UJIS for Windows Japanese", "eucjpms_japanese_ci", 3),
    ("euckr", "EUC-KR Korean", "euckr_korean_ci", 2),
    ("gb18030", "China National Standard GB18030", "gb18030_chinese_ci", 4),
    ("gb2312", "GB2312 Simplified Chinese", "gb2312_chinese_ci", 2),
    ("gbk", "GBK Simplified Chinese", "gbk_chinese_ci", 2),
    ("geostd8", "GEOSTD8 Georgian", "geostd8_general_ci", 1),
    ("greek", "ISO 8859-7 Greek", "greek_general_ci", 1),
    ("hebrew", "ISO 8859-8 Hebrew", "hebrew_general_ci", 1),
    ("hp8", "HP West European", "hp8_english_ci", 1),
    ("keybcs2", "DOS Kamenicky Czech-Slovak", "keybcs2_general_ci", 1),
    ("koi8r", "KOI8-R Relcom Russian", "koi8r_general_ci", 1),
    ("koi8u", "KOI8-U Ukrainian", "koi8u_general_ci", 1),
    ("latin1", "cp1252 West European", "latin1_swedish_ci", 1),
    ("latin2", "ISO 8859-2 Central European", "latin2_general_ci", 1),
    ("latin5", "ISO 8859-9 Turkish", "latin5_turkish_ci", 1),
    ("latin7", "ISO 8859-13 Baltic", "latin7_general_ci", 1),
    ("macce", "Mac Central European", "macce_general_ci", 1),
    ("macroman", "Mac West European", "macroman_general_ci", 1),
    ("sjis", "Shift-JIS Japanese", "sjis_japanese_ci", 2),
    ("swe7", "7bit Swedish", "swe7_swedish_ci", 1),
    ("tis620", "TIS620 Thai", "tis620_thai_ci", 1),
    ("ucs2", "UCS-2 Unicode", "ucs2_general_ci", 2),
    ("ujis", "EUC-JP Japanese", "ujis_japanese_ci", 3),
    ("utf16", "UTF-16 Unicode", "utf16_general_ci", 4),
    ("utf16le", "UTF-16LE Unicode", "utf16le_general_ci", 4),
    ("utf32", "UTF-32 Unicode", "utf32_general_ci", 4),
    ("utf8mb3", "UTF-8 Unicode", "utf8mb3_general_ci", 3),
    ("utf8mb4", "UTF-8 Unicode", "utf8mb4_0900_ai_ci", 4),
];

const COLLATIONS: [Collation; 286] = [
    ("armscii8_general_ci", "armscii8", 32, true, 1, false),
    ("armscii8_bin", "armscii8", 64, false, 1, false),
    ("ascii_general_ci", "ascii", 11, true, 1, false),
    ("ascii_bin", "ascii", 65, false, 1, false),
    ("big5_chinese_ci", "big5", 1, true, 1, false),
    ("big5_bin", "big5", 84, false, 1, false),
    ("binary", "binary", 63, true, 1, true),
    ("cp1250_general_ci", "cp1250", 26, true, 1, false),
    ("cp1250_czech_cs", "cp1250", 34, false, 2, false),
    ("cp1250_croatian_ci", "cp1250", 44, false, 1, false),
    ("cp1250_bin", "cp1250", 66, false, 1, false),
    ("cp1250_polish_ci", "cp1250", 99, false, 1, false),
    ("cp1251_bulgarian_ci", "cp1251", 14, false, 1, false),
    ("cp1251_ukrainian_ci", "cp1251", 23, false, 1, false),
    ("cp1251_bin", "cp1251", 50, false, 1, false),
    ("cp1251_general_ci", "cp1251", 51, true, 1, false),
    ("cp1251_general_cs", "cp1251", 52, false, 1, false),
    ("cp1256_general_ci", "cp1256", 57, true, 1, false),
    ("cp1256_bin", "cp1256", 67, false, 1, false),
    ("cp1257_lithuanian_ci", "cp1257", 29, false, 1, false),
    ("cp1257_bin", "cp1257", 58, false, 1, false),
    ("cp1257_general_ci", "cp1257", 59, true, 1, false),
    ("cp850_general_ci", "cp850", 4, true, 1, false),
    ("cp850_bin", "cp850", 80, false, 1, false),
    ("cp852_general_ci", "cp852", 40, true, 1, false),
    ("cp852_bin", "cp852", 81, false, 1, false),
    ("cp866_general_ci", "cp866", 36, true, 1, false),
    ("cp866_bin", "cp866", 68, false, 1, false),
    ("cp932_japanese_ci", "cp932", 95, true, 1, false),
    ("cp932_bin", "cp932", 96, false, 1, false),
    ("dec8_swedish_ci", "dec8", 3, true, 1, false),
    ("dec8_bin", "dec8", 69, false, 1, false),
    ("eucjpms_japanese_ci", "eucjpms", 97, true, 1, false),
    ("eucjpms_bin", "eucjpms", 98, false, 1, false),
    ("euckr_korean_ci", "euckr", 19, true, 1, false),
    ("euckr_bin", "euckr", 85, false, 1, false),
    ("gb18030_chinese_ci", "gb18030", 248, true, 2, false),
    ("gb18030_bin", "gb18030", 249, false, 1, false),
    ("gb18030_unicode_520_ci", "gb18030", 250, false, 8, false),
    ("gb2312_chinese_ci", "gb2312", 24, true, 1, false),
    ("gb2312_bin", "gb2312", 86, false, 1, false),
    ("gbk_chinese_ci", "gbk", 28, true, 1, false),
    ("gbk_bin", "gbk", 87, false, 1, false),
    ("geostd8_general_ci", "geostd8", 92, true, 1, false),
    ("geostd8_bin", "geostd8", 93, false, 1, false),
    ("greek_general_ci", "greek", 25, true, 1, false),
    ("greek_bin", "greek", 70, false, 1, false),
    ("hebrew_general_ci", "hebrew", 16, true, 1, false),
    ("hebrew_bin", "hebrew", 71, false, 1, false),
    ("hp8_english_ci", "hp8", 6, true, 1, false),
    ("hp8_bin", "hp8", 72, false, 1, false),
    ("keybcs2_general_ci", "keybcs2", 37, true, 1, false),
    ("keybcs2_bin", "keybcs2", 73, false, 1, false),
    ("koi8r_general_ci", "koi8r", 7, true, 1, false),
    ("koi8r_bin", "koi8r", 74, false, 1, false),
    ("koi8u_general_ci", "koi8u", 22, true, 1, false),
    ("koi8u_bin", "koi8u", 75, false, 1, false),
    ("latin1_german1_ci", "latin1", 5, false, 1, false),
    ("latin1_swedish_ci", "latin1", 8, true, 1, false),
    ("latin1_danish_ci", "latin1", 15, false, 1, false),
    ("latin1_german2_ci", "latin1", 31, false, 2, false),
    ("latin1_bin", "latin1", 47, false, 1, false),
    ("latin1_general_ci", "latin1", 48, false, 1, false),
    ("latin1_general_cs", "latin1", 49, false, 1, false),
    ("latin1_spanish_ci", "latin1", 94, false, 1, false),
    ("latin2_czech_cs", "latin2", 2, false, 4, false),
    ("latin2_general_ci", "latin2", 9, true, 1, false),
    ("latin2_hungarian_ci", "latin2", 21, false, 1, false),
    ("latin2_croatian_ci", "latin2", 27, false, 1, false),
    ("latin2_bin", "latin2", 77, false, 1, false),
    ("latin5_turkish_ci", "latin5", 30, true, 1, false),
    ("latin5_bin", "latin5", 78, false, 1, false),
    ("latin7_estonian_cs", "latin7", 20, false, 1, false),
    ("latin7_general_ci", "latin7", 41, true, 1, false),
    ("latin7_general_cs", "latin7", 42, false, 1, false),
    ("latin7_bin", "latin7", 79, false, 1, false),
    ("macce_general_ci", "macce", 38, true, 1, false),
    ("macce_bin", "macce", 43, false, 1, false),
    ("macroman_general_ci", "macroman", 39, true, 1, false),
    ("macroman_bin", "macroman", 53, false, 1, false),
    ("sjis_japanese_ci", "sjis", 13, true, 1, false),
    ("sjis_bin", "sjis", 88, false, 1, false),
    ("swe7_swedish_ci", "swe7", 10, true, 1, false),
    ("swe7_bin", "swe7", 82, false, 1, false),
    ("tis620_thai_ci", "tis620", 18, true, 4, false),
    ("tis620_bin", "tis620", 89, false, 1, false),
    ("ucs2_general_ci", "ucs2", 35, true, 1, false),
    ("ucs2_bin", "ucs2", 90, false, 1, false),
    ("ucs2_unicode_ci", "ucs2", 128, false, 8, false),
    ("ucs2_icelandic_ci", "ucs2", 129, false, 8, false),
    ("ucs2_latvian_ci", "ucs2", 130, false, 8, false),
    ("ucs2_romanian_ci", "ucs2", 131, false, 8, false),
    ("ucs2_slovenian_ci", "ucs2", 132, false, 8, false),
    ("ucs2_polish_ci", "ucs2", 133, false, 8, false),
    ("ucs2_estonian_ci", "ucs2", 134, false, 8, false),
    ("ucs2_spanish_ci", "ucs2", 135, false, 8, false),
    ("ucs2_swedish_ci", "ucs2", 136, false, 8, false),
    ("ucs2_turkish_ci", "ucs2", 137, false, 8, false),
    ("ucs2_czech_ci", "ucs2", 138, false, 8, false),
    ("ucs2_danish_ci", "ucs2", 139, false, 8, false),
    ("ucs2_lithuanian_ci", "ucs2", 140, false, 8, false),
    ("ucs2_slovak_ci", "ucs2", 141, false, 8, false),
    ("ucs2_spanish2_ci", "ucs2", 142, false, 8, false),
    ("ucs2_roman_ci", "ucs2", 143, false, 8, false),
    ("ucs2_persian_ci", "ucs2", 144, false, 8, false),
    ("ucs2_esperanto_ci", "ucs2", 145, false, 8, false),
    ("ucs2_hungarian_ci", "ucs2", 146, false, 8, false),
    ("ucs2_sinhala_ci", "ucs2", 147, false, 8, false),
    ("ucs2_german2_ci", "ucs2", 148, false, 8, false),
    ("ucs2_croatian_ci", "ucs2", 149, false, 8, false),
    ("ucs2_unicode_520_ci", "ucs2", 150, false, 8, false),
    ("ucs2_vietnamese_ci", "ucs2", 151, false, 8, false),
    ("ucs2_general_mysql500_ci", "ucs2", 159, false, 1, false),
    ("ujis_japanese_ci", "ujis", 12, true, 1, false),
    ("ujis_bin", "ujis", 91, false, 1, false),
    ("utf16_general_ci", "utf16", 54, true, 1, false),
    ("utf16_bin", "utf16", 55, false, 1, false),
    ("utf16_unicode_ci", "utf16", 101, false, 8, false),
    ("utf16_icelandic_ci", "utf16", 102, false, 8, false),
    ("utf16_latvian_ci", "utf16", 103, false, 8, false),
    ("utf16_romanian_ci", "utf16", 104, false, 8, false),
    ("utf16_slovenian_ci", "utf16", 105, false, 8, false),
    ("utf16_polish_ci", "utf16", 106, false, 8, false),
    ("utf16_estonian_ci", "utf16", 107, false, 8, false),
    ("utf16_spanish_ci", "utf16", 108, false, 8, false),
    ("utf16_swedish_ci", "utf16", 109, false, 8, false),
    ("utf16_turkish_ci", "utf16", 110, false, 8, false),
    ("utf16_czech_ci", "utf16", 111, false, 8, false),
    ("utf16_danish_ci", "utf16", 112, false, 8, false),
    ("utf16_lithuanian_ci", "utf16", 113, false, 8, false),
    ("utf16_slovak_ci", "utf16", 114, false, 8, false),
    ("utf16_spanish2_ci", "utf16", 115, false, 8, false),
    ("utf16_roman_ci", "utf16", 116, false, 8, false),
    ("utf16_persian_ci", "utf16", 117, false, 8, false),
    ("utf16_esperanto_ci", "utf16", 118, false, 8, false),
    ("utf16_hungarian_ci", "utf16", 119, false, 8, false),
    ("utf16_sinhala_ci", "utf16", 120, false, 8, false),
    ("utf16_german2_ci", "utf16", 121, false, 8, false),
    ("utf16_croatian_ci", "utf16", 122, false, 8, false),
    ("utf16_unicode_520_ci", "utf16", 123, false, 8, false),
    ("utf16_vietnamese_ci", "utf16", 124, false, 8, false),
    ("utf16le_general_ci", "utf16le", 56, true, 1, false),
    ("utf16le_bin", "utf16le", 62, false, 1, false),
    ("utf32_general_ci", "utf32", 60, true, 1, false),
    ("utf32_bin", "utf32", 61, false, 1, false),
    ("utf32_unicode_ci", "utf32", 160, false, 8, false),
    ("utf32_icelandic_ci", "utf32", 161, false, 8, false),
    ("utf32_latvian_ci", "utf32", 162, false, 8, false),
    ("utf32_romanian_ci", "utf32", 163, false, 8, false),
    ("utf32_slovenian_ci", "utf32", 164, false, 8, false),
    ("utf32_polish_ci", "utf32", 165, false, 8, false),
    ("utf32_estonian_ci", "utf32", 166, false, 8, false),
    ("utf32_spanish_ci", "utf32", 167, false, 8, false),
    ("utf32_swedish_ci", "utf32", 168, false, 8, false),
    ("utf32_turkish_ci", "utf32", 169, false, 8, false),
    ("utf32_czech_ci", "utf32", 170, false, 8, false),
    ("utf32_danish_ci", "utf32", 171, false, 8, false),
    ("utf32_lithuanian_ci", "utf32", 172, false, 8, false),
    ("utf32_slovak_ci", "utf32", 173, false, 8, false),
    ("utf32_spanish2_ci", "utf32", 174, false, 8, false),
    ("utf32_roman_ci", "utf32", 175, false, 8, false),
    ("utf32_persian_ci", "utf32", 176, false, 8, false),
    ("utf32_esperanto_ci", "utf32", 177, false, 8, false),
    ("utf32_hungarian_ci", "utf32", 178, false, 8, false),
    ("utf32_sinhala_ci", "utf32", 179, false, 8, false),
    ("utf32_german2_ci", "utf32", 180, false, 8, false),
    ("utf32_croatian_ci", "utf32", 181, false, 8, false),
    ("utf32_unicode_520_ci", "utf32", 182, false, 8, false),
    ("utf32_vietnamese_ci", "utf32", 183, false, 8, false),
    ("utf8mb3_general_ci", "utf8mb3", 33, true, 1, false),
    ("utf8mb3_tolower_ci", "utf8mb3", 76, false, 1, false),
    ("utf8mb3_bin", "utf8mb3", 83, false, 1, false),
    ("utf8mb3_unicode_ci", "utf8mb3", 192, false, 8, false),
    ("utf8mb3_icelandic_ci", "utf8mb3", 193, false, 8, false),
    ("utf8mb3_latvian_ci", "utf8mb3", 194, false, 8, false),
    ("utf8mb3_romanian_ci", "utf8mb3", 195, false, 8, false),
    ("utf8mb3_slovenian_ci", "utf8mb3", 196, false, 8, false),
    ("utf8mb3_polish_ci", "utf8mb3", 197, false, 8, false),
    ("utf8mb3_estonian_ci", "utf8mb3", 198, false, 8, false),
    ("utf8mb3_spanish_ci", "utf8mb3", 199, false, 8, false),
    ("utf8mb3_swedish_ci", "utf8mb3", 200, false, 8, false),
    ("utf8mb3_turkish_ci", "utf8mb3", 201, false, 8, false),
    ("utf8mb3_czech_ci", "utf8mb3", 202, false, 8, false),
    ("utf8mb3_danish_ci", "utf8mb3", 203, false, 8, false),
    ("utf8mb3_lithuanian_ci", "utf8mb3", 204, false, 8, false),
    ("utf8mb3_slovak_ci", "utf8mb3", 205, false, 8, false),
    ("utf8mb3_spanish2_ci", "utf8mb3", 206, false, 8, false),
    ("utf8mb3_roman_ci", "utf8mb3", 207, false, 8, false),
    ("utf8mb3_persian_ci", "utf8mb3", 208, false, 8, false),
    ("utf8mb3_esperanto_ci", "utf8mb3", 209, false, 8, false),
    ("utf8mb3_hungarian_ci", "utf8mb3", 210, false, 8, false),
    ("utf8mb3_sinhala_ci", "utf8mb3", 211, false, 8, false),
    ("utf8mb3_german2_ci", "utf8mb3", 212, false, 8, false),
    ("utf8mb3_croatian_ci", "utf8mb3", 213, false, 8, false),
    ("utf8mb3_unicode_520_ci", "utf8mb3", 214, false, 8, false),
    ("utf8mb3_vietnamese_ci", "utf8mb3", 215, false, 8, false),
    ("utf8mb3_general_mysql500_ci", "utf8mb3", 223, false, 1, false),
    ("utf8mb4_general_ci", "utf8mb4", 45, false, 1, false),
    ("utf8mb4_bin", "utf8mb4", 46, false, 1, false),
    ("utf8mb4_unicode_ci", "utf8mb4", 224, false, 8, false),
    ("utf8mb4_icelandic_ci", "utf8mb4", 225, false, 8, false),
    ("utf8mb4_latvian_ci", "utf8mb4", 226, false, 8, false),
    ("utf8mb4_romanian_ci", "utf8mb4", 227, false, 8, false),
    ("utf8mb4_slovenian_ci", "utf8mb4", 228, false, 8, false),
    ("utf8mb4_polish_ci", "utf8mb4", 229, false, 8, false),
    ("utf8mb4_estonian_ci", "utf8mb4", 230, false, 8, false),
    ("utf8mb4_spanish_ci", "utf8mb4", 231, false, 8, false),
    ("utf8mb4_swedish_ci", "utf8mb4", 232, false, 8, false),
    ("utf8mb4_turkish_ci", "utf8mb4", 233, false, 8, false),
    ("utf8mb4_czech_ci", "utf8mb4", 234, false, 8, false),
    ("utf8mb4_danish_ci", "utf8mb4", 235, false, 8, false),
    ("utf8mb4_lithuanian_ci", "utf8mb4", 236, false, 8, false),
    ("utf8mb4_slovak_ci", "utf8mb4", 237, false, 8, false),
    ("utf8mb4_spanish2_ci", "utf8mb4", 238, false, 8, false),
    ("utf8mb4_roman_ci", "utf8mb4", 239, false, 8, false),
    ("utf8mb4_persian_ci", "utf8mb4", 240, false, 8, false),
    ("utf8mb4_esperanto_ci", "utf8mb4", 241, false, 8, false),
    ("utf8mb4_hungarian_ci", "utf8mb4", 242, false, 8, false),
    ("utf8mb4_sinhala_ci", "utf8mb4", 243, false, 8, false),
    ("utf8mb4_german2_ci", "utf8mb4", 244, false, 8, false),
    ("utf8mb4_croatian_ci", "utf8mb4", 245, false, 8, false),
    ("utf8mb4_unicode_520_ci", "utf8mb4", 246, false, 8, false),
    ("utf8mb4_vietnamese_ci", "utf8mb4", 247, false, 8, false),
    ("utf8mb4_0900_ai_ci", "utf8mb4", 255, true, 0, true),
    ("utf8mb4_de_pb_0900_ai_ci", "utf8mb4", 256, false, 0, true),
    ("utf8mb4_is_0900_ai_ci", "utf8mb4", 257, false, 0, true),
    ("utf8mb4_lv_0900_ai_ci", "utf8mb4", 258, false, 0, true),
    ("utf8mb4_ro_0900_ai_ci", "utf8mb4", 259, false, 0, true),
    ("utf8mb4_sl_0900_ai_ci", "utf8mb4", 260, false, 0, true),
    ("utf8mb4_pl_0900_ai_ci", "utf8mb4", 261, false, 0, true),
    ("utf8mb4_et_0900_ai_ci", "utf8mb4", 262, false, 0, true),
    ("utf8mb4_es_0900_ai_ci", "utf8mb4", 263, false, 0, true),
    ("utf8mb4_sv_0900_ai_ci", "utf8mb4", 264, false, 0, true),
    ("utf8mb4_tr_0900_ai_ci", "utf8mb4", 265, false, 0, true),
    ("utf8mb4_cs_0900_ai_ci", "utf8mb4", 266, false, 0, true),
    ("utf8mb4_da_0900_ai_ci", "utf8mb4", 267, false, 0, true),
    ("utf8mb4_lt_0900_ai_ci", "utf8mb4", 268, false, 0, true),
    ("utf8mb4_sk_0900_ai_ci", "utf8mb4", 269, false, 0, true),
    ("utf8mb4_es_trad_0900_ai_ci", "utf8mb4", 270, false, 0, true),
    ("utf8mb4_la_0900_ai_ci", "utf8mb4", 271, false, 0, true),
    ("utf8mb4_eo_0900_ai_ci", "utf8mb4", 273, false, 0, true),
    ("utf8mb4_hu_0900_ai_ci", "utf8mb4", 274, false, 0, true),
    ("utf8mb4_hr_0900_ai_ci", "utf8mb4", 275, false, 0, true),
    ("utf8mb4_vi_0900_ai_ci", "utf8mb4", 277, false, 0, true),
    ("utf8mb4_0900_as_cs", "utf8mb4", 278, false, 0, true),
    ("utf8mb4_de_pb_0900_as_cs", "utf8mb4", 279, false, 0, true),
    ("utf8mb4_is_0900_as_cs", "utf8mb4", 280, false, 0, true),
    ("utf8mb4_lv_0900_as_cs", "utf8mb4", 281, false, 0, true),
    ("utf8mb4_ro_0900_as_cs", "utf8mb4", 282, false, 0, true),
    ("utf8mb4_sl_0900_as_cs", "utf8mb4", 283, false, 0, true),
    ("utf8mb4_pl_0900_as_cs", "utf8mb4", 284, false, 0, true),
    ("utf8mb4_et_0900_as_cs", "utf8mb4", 285, false, 0, true),
    ("utf8mb4_es_0900_as_cs", "utf8mb4", 286, false, 0, true),
    ("utf8mb4_sv_0900_as_cs", "utf8mb4", 287, false, 0, true),
    ("utf8mb4_tr_0900_as_cs", "utf8mb4", 288, false, 0, true),
    ("utf8mb4_cs_0900_as_cs", "utf8mb4", 289, false, 0, true),
    ("utf8mb4_da_0900_as_cs", "utf8mb4", 290, false, 0, true),
    ("utf8mb4_lt_0900_as_cs", "utf8mb4", 291, false, 0, true),
    ("utf8mb4_sk_0900_as_cs", "utf8mb4", 292, false, 0, true),
    ("utf8mb4_es_trad_0900_as_cs", "utf8mb4", 293, false, 0, true),
    ("utf8mb4_la_0900_as_cs", "utf8mb4", 294, false, 0, true),
    ("utf8mb4_eo_0900_as_cs", "utf8mb4", 296, false, 0, true),
    ("utf8mb4_hu_0900_as_cs", "utf8mb4", 297, false, 0, true),
    ("utf8mb4_hr_0900_as_cs", "utf8mb4", 298, false, 0, true),
    ("utf8mb4_vi_0900_as_cs", "utf8mb4", 300, false, 0, true),
    ("utf8mb4_ja_0900_as_cs", "utf8mb4", 303, false, 0, true),
    ("utf8mb4_ja_0900_as_cs_ks", "utf8mb4", 304, false, 24, true),
    ("utf8mb4_0900_as_ci", "utf8mb4", 305, false, 0, true),
    ("utf8mb4_ru_0900_ai_ci", "utf8mb4", 306, false, 0, true),
    ("utf8mb4_ru_0900_as_cs", "utf8mb4", 307, false, 0, true),
    ("utf8mb4_zh_0900_as_cs", "utf8mb4", 308, false, 0, true),
    ("utf8mb4_0900_bin", "utf8mb4", 309, false, 1, true),
    ("utf8mb4_nb_0900_ai_ci", "utf8mb4", 310, false, 0, true),
    ("utf8mb4_nb_0900_as_cs", "utf8mb4", 311, false, 0, true),
    ("utf8mb4_nn_0900_ai_ci", "utf8mb4", 312, false, 0, true),
    ("utf8mb4_nn_0900_as_cs", "utf8mb4", 313, false, 0, true),
    ("utf8mb4_sr_latn_0900_ai_ci", "utf8mb4", 314, false, 0, true),
    ("utf8mb4_sr_latn_0900_as_cs", "utf8mb4", 315, false, 0, true),
    ("utf8mb4_bs_0900_ai_ci", "utf8mb4", 316, false, 0, true),
    ("utf8mb4_bs_0900_as_cs", "utf8mb4", 317, false, 0, true),
    ("utf8mb4_bg_0900_ai_ci", "utf8mb4", 318, false, 0, true),
    ("utf8mb4_bg_0900_as_cs", "utf8mb4", 319, false, 0, true),
    ("utf8mb4_gl_0900_ai_ci", "utf8mb4", 320, false, 0, true),
    ("utf8mb4_gl_0900_as_cs", "utf8mb4", 321, false, 0, true),
    ("utf8mb4_mn_cyrl_0900_ai_ci", "utf8mb4", 322, false, 0, true),
    ("utf8mb4_mn_cyrl_0900_as_cs", "utf8mb4", 323, false, 0, true),
];

/// `information_schema.CHARACTER_SETS`' columns: (name, numeric, nullable).
pub const SET_COLUMNS: [super::ColumnSpec; 4] = [
    ("CHARACTER_SET_NAME", false, false),
    ("DEFAULT_COLLATE_NAME", false, false),
    ("DESCRIPTION", false, false),
    ("MAXLEN", true, false),
];

/// `information_schema.COLLATIONS`' columns: (name, numeric, nullable).
pub const COLLATION_COLUMNS: [super::ColumnSpec; 7] = [
    ("COLLATION_NAME", false, false),
    ("CHARACTER_SET_NAME", false, false),
    ("ID", true, false),
    ("IS_DEFAULT", false, false),
    ("IS_COMPILED", false, false),
    ("SORTLEN", true, false),
    ("PAD_ATTRIBUTE", false, false),
];

/// SHOW CHARACTER SET's columns, and whether each is numeric.
pub const SHOW_SET_COLUMNS: [(&str, bool); 4] =
    [("Charset", false), ("Description", false), ("Default collation", false), ("Maxlen", true)];

/// SHOW COLLATION's columns, and whether each is numeric.
pub const SHOW_COLLATION_COLUMNS: [(&str, bool); 7] = [
    ("Collation", false),
    ("Charset", false),
    ("Id", true),
    ("Default", false),
    ("Compiled", false),
    ("Sortlen", true),
    ("Pad_attribute", false),
];

/// The order of names under `utf8mb3_general_ci`: ASCII case folded to upper case.
fn name_key(name: &str) -> String {
    name.to_ascii_uppercase()
}

fn text(s: &str) -> Value {
    Value::Str(s.into())
}

fn yes(b: bool) -> Value {
    text(if b { "Yes" } else { "" })
}

/// A character set's default collation and the most bytes one character takes (None for a
/// name that is not a character set).
pub fn character_set(name: &str) -> Option<(&'static str, u64)> {
    CHARACTER_SETS.iter().find(|s| s.0 == name).map(|&(_, _, default, maxlen)| (default, maxlen))
}

/// information_schema.CHARACTER_SETS' rows, by name.
pub fn set_rows() -> Vec<Row> {
    CHARACTER_SETS
        .iter()
        .map(|&(name, description, default, maxlen)| {
            vec![text(name), text(default), text(description), Value::UInt(maxlen)]
        })
        .collect()
}

/// information_schema.COLLATIONS' rows, by character set, then id.
pub fn collation_rows() -> Vec<Row> {
    COLLATIONS
        .iter()
        .map(|&(name, charset, id, default, sortlen, no_pad)| {
            vec![
                text(name),
                text(charset),
                Value::UInt(id),
                yes(default),
                yes(true),
                Value::UInt(sortlen),
                text(if no_pad { "NO PAD" } else { "PAD SPACE" }),
            ]
        })
        .collect()
}

/// SHOW CHARACTER SET's rows (Charset, Description, Default collation, Maxlen), by name.
pub fn show_set_rows() -> Vec<Row> {
    let mut sets: Vec<&CharacterSet> = CHARACTER_SETS.iter().collect();
    sets.sort_by_key(|s| name_key(s.0));
    sets.into_iter()
        .map(|&(name, description, default, maxlen)| {
            vec![text(name), text(description), text(default), Value::UInt(maxlen)]
        })
        .collect()
}

/// SHOW COLLATION's rows (the COLLATIONS columns, renamed), by collation name.
pub fn show_collation_rows() -> Vec<Row> {
    let mut rows = collation_rows();
    rows.sort_by_key(|r| match &r[0] {
        Value::Str(s) => name_key(s),
        _ => String::new(),
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn counts_defaults_and_ids() {
        assert_eq!(CHARACTER_SETS.len(), 41);
        assert_eq!(COLLATIONS.len(), 286);
        let ids: BTreeSet<u64> = COLLATIONS.iter().map(|c| c.2).collect();
        assert_eq!(ids.len(), COLLATIONS.len(), "collation ids are unique");
        let names: BTreeSet<&str> = COLLATIONS.iter().map(|c| c.0).collect();
        assert_eq!(names.len(), COLLATIONS.len(), "collation names are unique");
        for &(set, _, default, _) in &CHARACTER_SETS {
            let defaults: Vec<&str> =
                COLLATIONS.iter().filter(|c| c.1 == set && c.3).map(|c| c.0).collect();
            assert_eq!(defaults, vec![default], "{set} has exactly its default collation");
        }
        let sets: BTreeSet<&str> = CHARACTER_SETS.iter().map(|s| s.0).collect();
        assert!(COLLATIONS.iter().all(|c| sets.contains(c.1)), "every collation's set exists");
    }

    #[test]
    fn show_order_is_the_dictionary_collations() {
        let rows = show_collation_rows();
        let at = |n: &str| rows.iter().position(|r| r[0] == Value::Str(n.into())).unwrap();
        assert!(at("utf8mb3_romanian_ci") < at("utf8mb3_roman_ci"));
        assert!(at("utf8mb3_spanish2_ci") < at("utf8mb3_spanish_ci"));
        assert_eq!(rows.last().unwrap()[0], Value::Str("utf8mb4_zh_0900_as_cs".into()));
        let sets = show_set_rows();
        assert_eq!(sets.last().unwrap()[0], Value::Str("utf8mb4".into()));
    }
}
