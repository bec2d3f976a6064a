//! The site's icon (`/favicon.ico`, which browsers ask for on every site):
//! a 16x16 icon drawn here, in the header's colour, so that no request
//! ends in a 404. An ICO file holding one 32-bit bitmap.

/// The icon's pixels: a dark square with a light ring (a supply centre).
fn pixel(x: i32, y: i32) -> [u8; 4] {
    let (dx, dy) = (2 * x - 15, 2 * y - 15);
    let r2 = dx * dx + dy * dy;
    let ring = (64..=144).contains(&r2) || r2 <= 16;
    // Blue, green, red, alpha.
    if ring {
        [0xf3, 0xf8, 0xfa, 0xff]
    } else {
        [0x4a, 0x3a, 0x2d, 0xff]
    }
}

/// The bytes of the ICO file.
pub fn ico() -> Vec<u8> {
    const SIZE: i32 = 16;
    let pixels = (SIZE * SIZE * 4) as u32;
    let mask = (SIZE * 4) as u32; // 1 bit a pixel, rows padded to 4 bytes
    let image = 40 + pixels + mask;
    let mut out = Vec::with_capacity(22 + image as usize);
    // ICONDIR: reserved, type 1 (icon), one image.
    out.extend([0, 0, 1, 0, 1, 0]);
    // ICONDIRENTRY: width, height, colours, reserved, planes, bits, size, offset.
    out.extend([SIZE as u8, SIZE as u8, 0, 0, 1, 0, 32, 0]);
    out.extend(image.to_le_bytes());
    out.extend(22u32.to_le_bytes());
    // BITMAPINFOHEADER: the height counts the mask too.
    out.extend(40u32.to_le_bytes());
    out.extend(SIZE.to_le_bytes());
    out.extend((2 * SIZE).to_le_bytes());
    out.extend(1u16.to_le_bytes());
    out.extend(32u16.to_le_bytes());
    out.extend([0u8; 24]);
    // Rows from the bottom up.
    for y in (0..SIZE).rev() {
        for x in 0..SIZE {
            out.extend(pixel(x, y));
        }
    }
    out.extend(std::iter::repeat_n(0u8, mask as usize));
    out
}
