//! Coins oracle: for each board, tries all 256 subsets of the eight lines.

/// Judge output (counts only) for a BOJ 9079 input.
pub fn solve(input: &str) -> String {
    let lines: Vec<&str> = input.lines().collect();
    let cases: usize = lines[0].trim().parse().expect("case count");
    let lines_of_cells: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let mut out = String::new();
    for case in 0..cases {
        let cells: Vec<bool> = (0..3)
            .flat_map(|r| lines[1 + 3 * case + r].split_whitespace().map(|c| c == "H"))
            .collect();
        let best = (0u32..256)
            .filter(|subset| {
                let mut board = cells.clone();
                for (i, line) in lines_of_cells.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        for &cell in line {
                            board[cell] = !board[cell];
                        }
                    }
                }
                board.iter().all(|&c| c == board[0])
            })
            .map(u32::count_ones)
            .min();
        out.push_str(&best.map_or("-1".to_string(), |b| b.to_string()));
        out.push('\n');
    }
    out
}
