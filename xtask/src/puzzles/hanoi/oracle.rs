//! Hanoi oracle: the textbook recursion for the moves, schoolbook decimal doubling for the count.

fn transfer(n: u32, from: u8, to: u8, via: u8, out: &mut String) {
    if n == 0 {
        return;
    }
    transfer(n - 1, from, via, to, out);
    out.push(char::from(b'0' + from));
    out.push(' ');
    out.push(char::from(b'0' + to));
    out.push('\n');
    transfer(n - 1, via, to, from, out);
}

/// `2^n - 1` as decimal digits, most significant first, by doubling a digit string.
fn count(n: u32) -> String {
    let mut digits = vec![1u8]; // least significant first
    for _ in 0..n {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits[0] -= 1; // the last digit of a power of two is never 0
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

pub fn solve(input: &str) -> String {
    let n: u32 = input.trim().parse().expect("N");
    let mut out = count(n);
    out.push('\n');
    if n <= 20 {
        transfer(n, 1, 3, 2, &mut out);
    }
    out
}
