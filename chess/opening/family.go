package opening

import "strings"

// Family is a family of openings as Chinese readers know it: lichess's
// English name of the family (the first words of its openings' names,
// "Sicilian Defense" of "Sicilian Defense: Najdorf Variation") and its
// Chinese name in traditional and in simplified characters.
type Family struct {
	English string // "Sicilian Defense"
	Hant    string // 西西里防禦
	Hans    string // 西西里防御
}

// families are the families players meet most, and a few more, the most
// specific first where one name begins another ("Queen's Gambit Declined"
// before "Queen's Gambit").
//
// Sources: the names Chinese Wikipedia gives these openings (zh.wikipedia.org:
// its list of chess openings, 國際象棋開局列表, and the openings' own
// articles, such as 西西里防御, 法兰西防御, 卡罗-卡恩防御, 西班牙开局, 意大利开局,
// 后翼弃兵, 古印度防御, 尼姆佐-印度防御, 格林菲尔德防御), the names Chinese chess
// books and commentary use. The simplified names are the mainland's (马, 象 for the
// knight and bishop: 四马开局); the traditional ones Taiwan's, as
// web/src/lang/zh-TW.ts speaks (騎士 and 主教 for the knight and bishop:
// 四騎士開局, 主教開局, 王翼騎士開局 beside the mainland's 王翼马开局; 義大利 for
// Italy), as Wikipedia's zh-tw conversion writes them. The queen's side
// stays 后翼 in both, as both write it. The rarer first moves and replies
// a beginner's game meets (1.a4, 1.e3, 1.Nc3; 1...b6, 1...a6), which Chinese
// books seldom name, are their namesakes' names as Chinese Wikipedia
// transliterates them (祖克托特, 拉森, 歐文/欧文) or the name translated
// (翼手龍, 老鼠, 河馬, 袋鼠): every opening of the table within its first
// two plies has a Chinese name (TestFamiliesNameTheFirstMoves).
var families = []Family{
	{"Sicilian Defense", "西西里防禦", "西西里防御"},
	{"French Defense", "法蘭西防禦", "法兰西防御"},
	{"Caro-Kann Defense", "卡羅-卡恩防禦", "卡罗-卡恩防御"},
	{"Ruy Lopez", "西班牙開局", "西班牙开局"},
	{"Italian Game", "義大利開局", "意大利开局"},
	{"Queen's Gambit Accepted", "接受后翼棄兵", "接受后翼弃兵"},
	{"Queen's Gambit Declined", "拒絕后翼棄兵", "拒绝后翼弃兵"},
	{"Queen's Gambit", "后翼棄兵", "后翼弃兵"},
	{"King's Gambit Accepted", "接受王翼棄兵", "接受王翼弃兵"},
	{"King's Gambit Declined", "拒絕王翼棄兵", "拒绝王翼弃兵"},
	{"King's Gambit", "王翼棄兵", "王翼弃兵"},
	{"English Opening", "英國式開局", "英国式开局"},
	{"King's Indian Defense", "古印度防禦", "古印度防御"},
	{"King's Indian Attack", "古印度進攻", "古印度进攻"},
	{"Nimzo-Indian Defense", "尼姆佐-印度防禦", "尼姆佐-印度防御"},
	{"Queen's Indian Defense", "新印度防禦", "新印度防御"},
	{"Bogo-Indian Defense", "波哥-印度防禦", "波哥-印度防御"},
	{"Old Indian Defense", "老印度防禦", "老印度防御"},
	{"Indian Defense", "印度防禦", "印度防御"},
	{"Grünfeld Defense", "格林菲爾德防禦", "格林菲尔德防御"},
	{"Neo-Grünfeld Defense", "新格林菲爾德防禦", "新格林菲尔德防御"},
	{"Semi-Slav Defense", "半斯拉夫防禦", "半斯拉夫防御"},
	{"Slav Defense", "斯拉夫防禦", "斯拉夫防御"},
	{"Dutch Defense", "荷蘭防禦", "荷兰防御"},
	{"Benoni Defense", "別諾尼防禦", "别诺尼防御"},
	{"Benko Gambit", "本科棄兵", "本科弃兵"},
	{"Catalan Opening", "卡塔蘭開局", "卡塔兰开局"},
	{"Réti Opening", "列蒂開局", "列蒂开局"},
	{"London System", "倫敦體系", "伦敦体系"},
	{"Colle System", "科勒體系", "科勒体系"},
	{"Torre Attack", "托雷進攻", "托雷进攻"},
	{"Trompowsky Attack", "特羅姆波夫斯基進攻", "特罗姆波夫斯基进攻"},
	{"Queen's Pawn Game", "后兵開局", "后兵开局"},
	{"King's Pawn Game", "王兵開局", "王兵开局"},
	{"Alekhine Defense", "阿廖欣防禦", "阿廖欣防御"},
	{"Scandinavian Defense", "斯堪地那維亞防禦", "斯堪的纳维亚防御"},
	{"Pirc Defense", "皮爾茨防禦", "皮尔茨防御"},
	{"Modern Defense", "現代防禦", "现代防御"},
	{"Scotch Game", "蘇格蘭開局", "苏格兰开局"},
	{"Petrov's Defense", "彼得羅夫防禦", "彼得罗夫防御"},
	{"Philidor Defense", "菲利多爾防禦", "菲利多尔防御"},
	{"Vienna Game", "維也納開局", "维也纳开局"},
	{"Vienna Gambit", "維也納棄兵", "维也纳弃兵"},
	{"Four Knights Game", "四騎士開局", "四马开局"},
	{"Three Knights Opening", "三騎士開局", "三马开局"},
	{"Bishop's Opening", "主教開局", "象开局"},
	{"Center Game", "中心開局", "中心开局"},
	{"Danish Gambit", "丹麥棄兵", "丹麦弃兵"},
	{"Latvian Gambit", "拉脫維亞棄兵", "拉脱维亚弃兵"},
	{"Ponziani Opening", "蓬齊亞尼開局", "庞齐亚尼开局"},
	{"Bird Opening", "伯德開局", "伯德开局"},
	{"Nimzowitsch Defense", "尼姆佐維奇防禦", "尼姆佐维奇防御"},
	{"Polish Opening", "波蘭開局", "波兰开局"},
	{"Blackmar-Diemer Gambit", "布萊克馬-迪默棄兵", "布莱克马-迪默弃兵"},
	{"Tarrasch Defense", "塔拉什防禦", "塔拉什防御"},
	{"Englund Gambit", "英格倫棄兵", "英格伦弃兵"},
	{"Grob Opening", "格羅布開局", "格罗布开局"},
	{"Hungarian Opening", "匈牙利開局", "匈牙利开局"},
	{"King's Knight Opening", "王翼騎士開局", "王翼马开局"},
	{"King's Pawn Opening", "王兵開局", "王兵开局"},
	{"Zukertort Opening", "祖克托特開局", "祖克托特开局"},
	{"Zukertort Defense", "祖克托特防禦", "祖克托特防御"},
	{"Nimzo-Larsen Attack", "尼姆佐-拉森進攻", "尼姆佐-拉森进攻"},
	{"Van Geet Opening", "范吉特開局", "范吉特开局"},
	{"Van't Kruijs Opening", "范特克魯伊斯開局", "范特克鲁伊斯开局"},
	{"Ware Opening", "韋爾開局", "韦尔开局"},
	{"Ware Defense", "韋爾防禦", "韦尔防御"},
	{"Owen Defense", "歐文防禦", "欧文防御"},
	{"Pterodactyl Defense", "翼手龍防禦", "翼手龙防御"},
	{"Rat Defense", "老鼠防禦", "老鼠防御"},
	{"Elephant Gambit", "大象棄兵", "大象弃兵"},
	{"Richter-Veresov Attack", "里希特-韋列索夫進攻", "里希特-韦列索夫进攻"},
	{"Rapport-Jobava System", "拉波特-約巴瓦體系", "拉波特-约巴瓦体系"},
	{"Blumenfeld Countergambit", "布盧門菲爾德反棄兵", "布卢门菲尔德反弃兵"},
	{"English Defense", "英國式防禦", "英国式防御"},
	{"Polish Defense", "波蘭防禦", "波兰防御"},
	{"Mikenas Defense", "米克納斯防禦", "米克纳斯防御"},
	{"Horwitz Defense", "霍維茨防禦", "霍维茨防御"},
	{"Kangaroo Defense", "袋鼠防禦", "袋鼠防御"},
	{"Mexican Defense", "墨西哥防禦", "墨西哥防御"},
	{"Rubinstein Opening", "魯賓斯坦開局", "鲁宾斯坦开局"},
	{"Lion Defense", "獅子防禦", "狮子防御"},
	{"Portuguese Opening", "葡萄牙開局", "葡萄牙开局"},
	{"Kádas Opening", "卡達斯開局", "卡达斯开局"},
	{"Mieses Opening", "米塞斯開局", "米塞斯开局"},
	{"Sodium Attack", "鈉進攻", "钠进攻"},
	{"Saragossa Opening", "薩拉戈薩開局", "萨拉戈萨开局"},
	{"Clemenz Opening", "克萊門茨開局", "克莱门茨开局"},
	{"Anderssen's Opening", "安德森開局", "安德森开局"},
	{"Amar Opening", "阿馬爾開局", "阿马尔开局"},
	{"Barnes Opening", "巴恩斯開局", "巴恩斯开局"},
	{"Barnes Defense", "巴恩斯防禦", "巴恩斯防御"},
	{"Borg Defense", "博格防禦", "博格防御"},
	{"St. George Defense", "聖喬治防禦", "圣乔治防御"},
	{"Carr Defense", "卡爾防禦", "卡尔防御"},
	{"Goldsmith Defense", "戈德史密斯防禦", "戈德史密斯防御"},
	{"Hippopotamus Defense", "河馬防禦", "河马防御"},
	{"Lemming Defense", "旅鼠防禦", "旅鼠防御"},
	{"Australian Defense", "澳洲防禦", "澳洲防御"},
	{"Duras Gambit", "杜拉斯棄兵", "杜拉斯弃兵"},
	{"Lasker Simul Special", "拉斯克車輪戰特例", "拉斯克车轮战特例"},
}

// Families returns the families named in Chinese, the most specific first
// where one's name begins another's.
func Families() []Family { return append([]Family(nil), families...) }

// FamilyOf returns the family of the opening named name (lichess's English
// name): the family whose name is name's first words, before a colon, a
// comma or the end ("Sicilian Defense: Najdorf Variation", "Vienna Gambit,
// with Max Lange Defense", "Benko Gambit Accepted" in the Benko Gambit);
// false for a family the table does not name in Chinese.
func FamilyOf(name string) (Family, bool) {
	for _, f := range families {
		rest, ok := strings.CutPrefix(name, f.English)
		if ok && (rest == "" || rest[0] == ':' || rest[0] == ',' || rest[0] == ' ') {
			return f, true
		}
	}
	return Family{}, false
}
