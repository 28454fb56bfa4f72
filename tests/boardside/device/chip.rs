//! A simulated MFRC522 on SPI, from the datasheet (NXP MFRC522 rev 3.9): the address byte
//! ((reg << 1) | 0x80 to read, §8.1.2.3), the register file, the 64-byte FIFO, the Transceive
//! and CalcCRC commands, and one ISO 14443-A card in the field answering REQA/WUPA,
//! anticollision and SELECT (cascade levels for 7-byte UIDs) and HLTA. It lets the driver's
//! request/anticollision/select exchange run byte for byte without hardware.

use embedded_hal::spi::{ErrorType, Operation, SpiDevice};
use std::collections::VecDeque;

const COMMAND: usize = 0x01;
const COM_IRQ: usize = 0x04;
const DIV_IRQ: usize = 0x05;
const ERROR: usize = 0x06;
const FIFO_DATA: usize = 0x09;
const FIFO_LEVEL: usize = 0x0A;
const CONTROL: usize = 0x0C;
const BIT_FRAMING: usize = 0x0D;
const CRC_HIGH: usize = 0x21;
const CRC_LOW: usize = 0x22;
const VERSION: usize = 0x37;

const RX_IRQ: u8 = 0x20;
const IDLE_IRQ: u8 = 0x10;
const TIMER_IRQ: u8 = 0x01;
const CRC_IRQ: u8 = 0x04;

/// ISO/IEC 14443-3 CRC_A (preset 0x6363, reflected polynomial 0x8408), low byte first.
pub fn crc_a(data: &[u8]) -> [u8; 2] {
    let mut crc: u16 = 0x6363;
    for &b in data {
        let mut ch = b ^ (crc as u8);
        ch ^= ch << 4;
        crc = (crc >> 8) ^ ((ch as u16) << 8) ^ ((ch as u16) << 3) ^ ((ch as u16) >> 4);
    }
    [crc as u8, (crc >> 8) as u8]
}

pub struct Chip {
    regs: [u8; 64],
    fifo: VecDeque<u8>,
    /// The card in the field, if any, and whether it is halted.
    pub card: Option<Vec<u8>>,
    halted: bool,
    /// Every frame the chip sent to the card (for the tests to read).
    pub frames: Vec<Vec<u8>>,
    /// Answer nothing to this many of the next wake-ups (the flicker of a resting card).
    pub miss: u32,
}

impl Chip {
    pub fn new(card: Option<Vec<u8>>) -> Chip {
        Chip {
            regs: [0; 64],
            fifo: VecDeque::new(),
            card,
            halted: false,
            frames: Vec::new(),
            miss: 0,
        }
    }

    fn read(&mut self, reg: usize) -> u8 {
        match reg {
            FIFO_DATA => self.fifo.pop_front().unwrap_or(0),
            FIFO_LEVEL => self.fifo.len() as u8,
            VERSION => 0x92,
            CONTROL => 0x00,
            ERROR => 0x00,
            _ => self.regs[reg],
        }
    }

    fn write(&mut self, reg: usize, v: u8) {
        match reg {
            FIFO_DATA => self.fifo.push_back(v),
            FIFO_LEVEL if v & 0x80 != 0 => self.fifo.clear(),
            // Set1 bit 7: set the marked bits, else clear them (§9.3.1.5).
            COM_IRQ | DIV_IRQ => {
                if v & 0x80 != 0 {
                    self.regs[reg] |= v & 0x7F;
                } else {
                    self.regs[reg] &= !(v & 0x7F);
                }
            }
            COMMAND => {
                self.regs[COMMAND] = v & 0x0F;
                match v & 0x0F {
                    0x0F => {
                        // SoftReset: registers to reset values, power-down bit clear.
                        self.regs = [0; 64];
                        self.fifo.clear();
                    }
                    0x03 => {
                        let data: Vec<u8> = self.fifo.drain(..).collect();
                        let crc = crc_a(&data);
                        self.regs[CRC_LOW] = crc[0];
                        self.regs[CRC_HIGH] = crc[1];
                        self.regs[DIV_IRQ] |= CRC_IRQ;
                    }
                    _ => {}
                }
            }
            BIT_FRAMING => {
                self.regs[reg] = v & 0x7F;
                if v & 0x80 != 0 && self.regs[COMMAND] == 0x0C {
                    let tx: Vec<u8> = self.fifo.drain(..).collect();
                    self.exchange(tx);
                }
            }
            _ => self.regs[reg] = v,
        }
    }

    /// The card's answer to one frame, or silence (the timer runs out).
    fn exchange(&mut self, tx: Vec<u8>) {
        self.frames.push(tx.clone());
        let answer = self.card_answer(&tx);
        match answer {
            Some(rx) => {
                self.fifo.extend(rx);
                self.regs[COM_IRQ] |= RX_IRQ | IDLE_IRQ;
            }
            None => self.regs[COM_IRQ] |= TIMER_IRQ,
        }
    }

    fn card_answer(&mut self, tx: &[u8]) -> Option<Vec<u8>> {
        let uid = self.card.clone()?;
        // The UID parts per cascade level: 4 bytes, or CT + 3 then 4 (7-byte UIDs).
        let levels: Vec<Vec<u8>> = if uid.len() == 4 {
            vec![uid.clone()]
        } else {
            vec![[&[0x88], &uid[..3]].concat(), uid[3..7].to_vec()]
        };
        let level = |sel: u8| match sel {
            0x93 => Some(0),
            0x95 => Some(1),
            _ => None,
        };
        match tx {
            [0x26] | [0x52] => {
                if (tx[0] == 0x26 && self.halted) || self.miss > 0 {
                    self.miss = self.miss.saturating_sub(1);
                    return None;
                }
                self.halted = false;
                Some(if uid.len() == 4 {
                    vec![0x04, 0x00]
                } else {
                    vec![0x44, 0x00]
                })
            }
            [sel, 0x20] => {
                let part = levels.get(level(*sel)?)?;
                let bcc = part.iter().fold(0, |a, b| a ^ b);
                Some([part.as_slice(), &[bcc]].concat())
            }
            [sel, 0x70, rest @ ..] if rest.len() == 7 => {
                let l = level(*sel)?;
                let part = levels.get(l)?;
                if &rest[..4] != part.as_slice() || crc_a(&tx[..7]) != [rest[5], rest[6]] {
                    return None;
                }
                let sak = if l + 1 < levels.len() { 0x04 } else { 0x08 };
                let crc = crc_a(&[sak]);
                Some(vec![sak, crc[0], crc[1]])
            }
            [0x50, 0x00, ..] => {
                self.halted = true;
                None
            }
            _ => None,
        }
    }
}

impl ErrorType for Chip {
    type Error = core::convert::Infallible;
}

impl SpiDevice for Chip {
    fn transaction(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        // The first byte addresses a register; for a read each following byte returns the
        // register addressed by the byte before it (§8.1.2.1); for a write each following
        // byte is data.
        let mut reading: Option<usize> = None;
        let mut writing: Option<usize> = None;
        let mut step = |mosi: u8| -> u8 {
            if let Some(reg) = writing {
                self.write(reg, mosi);
                return 0;
            }
            match reading {
                Some(reg) => {
                    let out = self.read(reg);
                    reading = (mosi != 0).then_some(((mosi >> 1) & 0x3F) as usize);
                    out
                }
                None => {
                    let reg = ((mosi >> 1) & 0x3F) as usize;
                    if mosi & 0x80 != 0 {
                        reading = Some(reg);
                    } else {
                        writing = Some(reg);
                    }
                    0
                }
            }
        };
        for op in ops.iter_mut() {
            match op {
                Operation::Write(bytes) => bytes.iter().for_each(|&b| {
                    step(b);
                }),
                Operation::TransferInPlace(buf) => buf.iter_mut().for_each(|b| *b = step(*b)),
                Operation::Read(buf) => buf.iter_mut().for_each(|b| *b = step(0)),
                Operation::Transfer(read, write) => {
                    for (i, w) in write.iter().enumerate() {
                        let r = step(*w);
                        if let Some(slot) = read.get_mut(i) {
                            *slot = r;
                        }
                    }
                }
                Operation::DelayNs(_) => {}
            }
        }
        Ok(())
    }
}
