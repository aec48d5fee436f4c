#!/usr/bin/env python3
"""What of localhost works in this network namespace, one word a fact:

    tcp ok        a TCP connection to 127.0.0.1 and to ::1 (or the error)
    ping ok       an ICMP echo to 127.0.0.1 through a datagram socket,
                  the unprivileged ping (or the error)
"""
import socket
import struct


def tcp(family, address):
    server = socket.socket(family)
    server.bind((address, 0))
    server.listen()
    socket.create_connection(server.getsockname()[:2], timeout=2).close()


def main():
    try:
        tcp(socket.AF_INET, "127.0.0.1")
        tcp(socket.AF_INET6, "::1")
        print("tcp ok")
    except OSError as e:
        print("tcp", e.strerror)
    try:
        ping = socket.socket(socket.AF_INET, socket.SOCK_DGRAM,
                             socket.IPPROTO_ICMP)
        ping.settimeout(2)
        ping.sendto(struct.pack("!BBHHH", 8, 0, 0, 0, 1) + b"ping",
                    ("127.0.0.1", 0))
        reply, _ = ping.recvfrom(64)
        print("ping ok" if reply[0] == 0 else "ping no echo reply")
    except OSError as e:
        print("ping", e.strerror)


main()
