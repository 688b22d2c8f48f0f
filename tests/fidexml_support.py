"""A small FIDE rating list (XML) shared by the tests of its reader and of ``ratings``."""

LIST = b"""<?xml version="1.0" encoding="UTF-8"?>
<playerslist>
<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2830</rating><games>0</games><k>10</k><rapid_rating>2823</rapid_rating><rapid_games>0</rapid_games><rapid_k>10</rapid_k><blitz_rating>2886</blitz_rating><blitz_games>0</blitz_games><blitz_k>10</blitz_k><birthday>1990</birthday><flag></flag></player>
<player><fideid>8603006</fideid><name>Ju, Wenjun</name><country>CHN</country><sex>F</sex><title>GM</title><w_title>WGM</w_title><rating>2560</rating><rapid_rating>2536</rapid_rating><blitz_rating></blitz_rating><birthday>1991</birthday><flag>w</flag></player>
<player><fideid>2924056</fideid><name>Toncheva, Nadya</name><country>BUL</country><sex>F</sex><title></title><w_title>WGM</w_title><rating>2283</rating><rapid_rating>2290</rapid_rating><birthday>1995</birthday><flag>wi</flag></player>
<player><fideid>99</fideid><name>Other, Person</name><country>FRA</country><sex>M</sex><rating>1500</rating></player>
</playerslist>
"""  # noqa: E501
