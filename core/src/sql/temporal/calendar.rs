//! MySQL's calendar arithmetic (`sql-common/my_time.cc` and `sql/sql_time.cc`): the day
//! number of `calc_daynr` that TO_DAYS shows, its inverse `get_date_from_daynr`, weekdays and
//! `calc_week` with the eight week modes of WEEK() / YEARWEEK() / `%U %u %V %v %X %x`.

/// `calc_week`'s flags, as `week_mode` makes them from a WEEK() mode.
pub const WEEK_MONDAY_FIRST: u32 = 1;
pub const WEEK_YEAR: u32 = 2;
pub const WEEK_FIRST_WEEKDAY: u32 = 4;

/// The largest day number MySQL converts back to a date (9999-12-31).
pub const DAYNR_MAX: i64 = 3_652_424;

pub fn is_leap(y: u32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

pub fn days_in_year(y: u32) -> i64 {
    if is_leap(y) {
        366
    } else {
        365
    }
}

/// Days in month `m` of year `y` (0 for a month out of 1-12).
pub fn days_in_month(y: u32, m: u32) -> u32 {
    crate::sql::cast::temporal::days_in_month(y, m)
}

/// `calc_daynr`: days since year 0 of MySQL's proleptic calendar (TO_DAYS('0000-01-01') is 1).
pub fn daynr(year: u32, month: u32, day: u32) -> i64 {
    if year == 0 && month == 0 {
        return 0;
    }
    let (mut y, m, d) = (i64::from(year), i64::from(month), i64::from(day));
    let mut delsum = 365 * y + 31 * (m - 1) + d;
    if m <= 2 {
        y -= 1;
    } else {
        delsum -= (m * 4 + 23) / 10;
    }
    // C's truncating division, also for the year -1 that January of year 0 gives.
    let temp = ((y / 100 + 1) * 3) / 4;
    delsum + y / 4 - temp
}

/// `get_date_from_daynr`: the date of a day number; 0000-00-00 outside 366..3652499.
pub fn from_daynr(daynr: i64) -> (u32, u32, u32) {
    if daynr <= 365 || daynr >= 3_652_500 {
        return (0, 0, 0);
    }
    let mut year = (daynr * 100 / 36_525) as u32;
    let temp = (((year - 1) / 100 + 1) * 3) / 4;
    let mut day_of_year =
        (daynr - i64::from(year) * 365) - i64::from((year - 1) / 4) + i64::from(temp);
    loop {
        let diy = days_in_year(year);
        if day_of_year <= diy {
            break;
        }
        day_of_year -= diy;
        year += 1;
    }
    let mut leap_day = 0;
    if days_in_year(year) == 366 && day_of_year > 31 + 28 {
        day_of_year -= 1;
        if day_of_year == 31 + 28 {
            leap_day = 1;
        }
    }
    let mut month = 1;
    // Month lengths of a common year (the leap day is handled above).
    const DAYS: [i64; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    for len in DAYS {
        if day_of_year <= len {
            break;
        }
        day_of_year -= len;
        month += 1;
    }
    (year, month, day_of_year as u32 + leap_day)
}

/// `calc_weekday`: 0 = Monday (or Sunday when `sunday_first`).
pub fn weekday(daynr: i64, sunday_first: bool) -> u32 {
    (daynr + 5 + i64::from(sunday_first)).rem_euclid(7) as u32
}

/// `week_mode`: WEEK()'s mode 0-7 as `calc_week` flags.
pub fn week_mode(mode: u32) -> u32 {
    let mut f = mode & 7;
    if f & WEEK_MONDAY_FIRST == 0 {
        f ^= WEEK_FIRST_WEEKDAY;
    }
    f
}

/// `calc_week`: the week number of a date under `flags`, and the year the week belongs to.
pub fn calc_week(year: u32, month: u32, day: u32, flags: u32) -> (u32, u32) {
    let dnr = daynr(year, month, day);
    let mut first_daynr = daynr(year, 1, 1);
    let monday_first = flags & WEEK_MONDAY_FIRST != 0;
    let mut week_year = flags & WEEK_YEAR != 0;
    let first_weekday = flags & WEEK_FIRST_WEEKDAY != 0;
    let mut wd = i64::from(weekday(first_daynr, !monday_first));
    let mut y = year;
    if month == 1 && i64::from(day) <= 7 - wd {
        if !week_year && ((first_weekday && wd != 0) || (!first_weekday && wd >= 4)) {
            return (0, y);
        }
        week_year = true;
        y = y.saturating_sub(1);
        let days = days_in_year(y);
        first_daynr -= days;
        wd = (wd + 53 * 7 - days).rem_euclid(7);
    }
    let days = if (first_weekday && wd != 0) || (!first_weekday && wd >= 4) {
        dnr - (first_daynr + (7 - wd))
    } else {
        dnr - (first_daynr - wd)
    };
    if week_year && days >= 52 * 7 {
        let wd2 = (wd + days_in_year(y)).rem_euclid(7);
        if (!first_weekday && wd2 < 4) || (first_weekday && wd2 == 0) {
            return (1, y + 1);
        }
    }
    ((days / 7 + 1) as u32, y)
}

/// Day of the year, 1-366.
pub fn day_of_year(year: u32, month: u32, day: u32) -> i64 {
    daynr(year, month, day) - daynr(year, 1, 1) + 1
}

pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Monday first, as `calc_weekday(.., false)` counts.
pub const DAY_NAMES: [&str; 7] =
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_numbers_match_the_manual() {
        // TO_DAYS(950501) = 728779, TO_DAYS('2007-10-07') = 733321, FROM_DAYS(730669)
        assert_eq!(daynr(1995, 5, 1), 728_779);
        assert_eq!(daynr(2007, 10, 7), 733_321);
        assert_eq!(daynr(0, 1, 1), 1);
        assert_eq!(from_daynr(730_669), (2000, 7, 3));
        assert_eq!(from_daynr(DAYNR_MAX), (9999, 12, 31));
        assert_eq!(from_daynr(300), (0, 0, 0));
        for n in [366, 1000, 59_000, 730_000, 730_120, 3_000_000] {
            let (y, m, d) = from_daynr(n);
            assert_eq!(daynr(y, m, d), n, "{n}");
        }
        assert_eq!(from_daynr(daynr(2024, 2, 29)), (2024, 2, 29));
        assert_eq!(from_daynr(daynr(2024, 3, 1)), (2024, 3, 1));
    }

    #[test]
    fn weeks_match_the_manual() {
        // WEEK('2008-02-20') = 7, WEEK('2008-02-20',0) = 7, (..,1) = 8, WEEK('2008-12-31',1) = 53
        assert_eq!(calc_week(2008, 2, 20, week_mode(0)).0, 7);
        assert_eq!(calc_week(2008, 2, 20, week_mode(1)).0, 8);
        assert_eq!(calc_week(2008, 12, 31, week_mode(1)).0, 53);
        // WEEK('2000-01-01',0) = 0, WEEK('2000-01-01',2) = 52
        assert_eq!(calc_week(2000, 1, 1, week_mode(0)).0, 0);
        assert_eq!(calc_week(2000, 1, 1, week_mode(2)).0, 52);
        // YEARWEEK('1987-01-01') = 198652; WEEKOFYEAR('2008-02-20') = 8
        assert_eq!(calc_week(1987, 1, 1, week_mode(0) | WEEK_YEAR), (52, 1986));
        assert_eq!(calc_week(2008, 2, 20, week_mode(3)).0, 8);
        // DAYOFWEEK('2007-02-03') = 7 (Saturday), WEEKDAY('2008-02-03 22:23:00') = 6
        assert_eq!(weekday(daynr(2007, 2, 3), true) + 1, 7);
        assert_eq!(weekday(daynr(2008, 2, 3), false), 6);
        assert_eq!(day_of_year(2007, 2, 3), 34);
    }
}
