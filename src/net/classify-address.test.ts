import { describe, expect, it } from 'vitest'
import type { AddressCategory } from './classify-address.js'
import { classifyAddress, isRefusedCategory } from './classify-address.js'
import { parseIpv6 } from './ip-address.js'

const categoryOf = (address: string): AddressCategory | undefined => classifyAddress(address)?.category

describe('classifyAddress, IPv4', () => {
  it.each<[string, AddressCategory]>([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['198.18.0.1', 'benchmark'],
    ['198.19.255.255', 'benchmark'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
  ])('%s is %s', (address, category) => {
    expect(categoryOf(address)).toBe(category)
    expect(isRefusedCategory(category)).toBe(true)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '192.169.0.1',
    '198.20.0.1',
    '223.255.255.255',
  ])('%s is public', (address) => {
    expect(categoryOf(address)).toBe('public')
    expect(isRefusedCategory('public')).toBe(false)
  })

  it('does not take legacy notations or host names for addresses', () => {
    for (const text of ['2130706433', '0x7f.1', '017700000001', '127.1', '127.0.0.01', 'localhost', '[::1]', '']) {
      expect(classifyAddress(text), text).toBeUndefined()
    }
  })
})

describe('classifyAddress, IPv6', () => {
  it.each<[string, AddressCategory]>([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['64:ff9b:1::a', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['FE80::ABCD', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmark'],
    ['100::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['::2:0:0:1', 'reserved'],
    ['fd00:ec2::254', 'metadata'],
  ])('%s is %s', (address, category) => {
    expect(categoryOf(address)).toBe(category)
  })

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:82a::200e'])('%s is public', (address) => {
    expect(categoryOf(address)).toBe('public')
  })
})

describe('classifyAddress, IPv6 forms that embed IPv4', () => {
  it.each<[string, AddressCategory, string, string]>([
    ['::ffff:127.0.0.1', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback', 'ipv4-mapped', '127.0.0.1'],
    ['::FFFF:A9FE:A9FE', 'metadata', 'ipv4-mapped', '169.254.169.254'],
    ['::ffff:10.1.2.3', 'private', 'ipv4-mapped', '10.1.2.3'],
    ['::ffff:0:192.168.0.1', 'private', 'ipv4-translated', '192.168.0.1'],
    ['::127.0.0.1', 'loopback', 'ipv4-compatible', '127.0.0.1'],
    ['::7f00:1', 'loopback', 'ipv4-compatible', '127.0.0.1'],
    ['::8.8.8.8', 'reserved', 'ipv4-compatible', '8.8.8.8'],
    ['64:ff9b::127.0.0.1', 'loopback', 'nat64', '127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'metadata', 'nat64', '169.254.169.254'],
    ['64:ff9b::c0a8:101', 'private', 'nat64', '192.168.1.1'],
    ['2002:7f00:1::1', 'loopback', '6to4', '127.0.0.1'],
    ['2002:c0a8:0101::', 'private', '6to4', '192.168.1.1'],
    ['2002:a9fe:a9fe::1', 'metadata', '6to4', '169.254.169.254'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback', 'teredo', '127.0.0.1'],
  ])('%s is %s through %s %s', (address, category, form, ipv4) => {
    expect(classifyAddress(address)).toMatchObject({ family: 6, category, embedded: { form, ipv4 } })
  })

  it('lets embedded public addresses through where the form is in use', () => {
    expect(classifyAddress('::ffff:8.8.8.8')).toMatchObject({
      category: 'public',
      embedded: { form: 'ipv4-mapped', ipv4: '8.8.8.8' },
    })
    expect(categoryOf('64:ff9b::808:808')).toBe('public')
    expect(categoryOf('2002:808:808::1')).toBe('public')
  })
})

describe('alternate IPv4 notations after WHATWG URL parsing', () => {
  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://127.0.1/',
    'http://127.000.000.001/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://①②⑦.0.0.1/',
  ])('%s becomes 127.0.0.1, a loopback address', (url) => {
    const { hostname } = new URL(url)
    expect(hostname).toBe('127.0.0.1')
    expect(categoryOf(hostname)).toBe('loopback')
  })

  it('canonicalises 0, 0x0 and decimal metadata forms', () => {
    expect(new URL('http://0/').hostname).toBe('0.0.0.0')
    expect(new URL('http://0x0/').hostname).toBe('0.0.0.0')
    expect(new URL('http://2852039166/').hostname).toBe('169.254.169.254')
    expect(categoryOf(new URL('http://0xa9.0xfe.0xa9.0xfe/').hostname)).toBe('metadata')
  })

  it('canonicalises IPv6 hosts, which keep their brackets in the URL', () => {
    const hostname = new URL('http://[0:0:0:0:0:ffff:127.0.0.1]/').hostname
    expect(hostname).toBe('[::ffff:7f00:1]')
    expect(categoryOf(hostname.slice(1, -1))).toBe('loopback')
  })

  it('rejects numbers out of range and zone indexes in URLs', () => {
    expect(() => new URL('http://0x100000000/')).toThrow()
    expect(() => new URL('http://1.2.3.4.5/')).toThrow()
    expect(() => new URL('http://[fe80::1%25eth0]/')).toThrow()
  })
})

describe('parseIpv6', () => {
  it('expands every text form to sixteen bytes', () => {
    expect(Array.from(parseIpv6('::1') ?? [])).toEqual([...Array<number>(15).fill(0), 1])
    expect(Array.from(parseIpv6('1::') ?? []).slice(0, 2)).toEqual([0, 1])
    expect(Array.from(parseIpv6('::ffff:1.2.3.4') ?? []).slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4])
    expect(Array.from(parseIpv6('1:2:3:4:5:6:7:8') ?? [])).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8])
    expect(Array.from(parseIpv6('1:2:3:4:5:6:1.2.3.4') ?? []).slice(12)).toEqual([1, 2, 3, 4])
    expect(parseIpv6('1:2:3')).toBeUndefined()
    expect(parseIpv6('127.0.0.1')).toBeUndefined()
  })
})
