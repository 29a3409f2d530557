# whole file as one string
def read_text(fname):
	# open for reading
	fh = open(fname, 'r')
	# everything at once
	body = fh.read()
	# done with the handle
	fh.close()
	return body

# # example
# src = 'sample_clean.txt'
# body = read_text(src)
# rows = body.split('\n')
# print(body[:200])

import string

def read_lines(fname,out):
   fh = open(fname)
   rows = fh.readlines()
   for row in rows:
     stripped = row.strip('\n')
     out.append(stripped)
   return out

# tidy one query
def tidy_row(row):
	# double dash becomes a space
	row = row.replace('--', ' ')
	# whitespace split
	words = row.split()
	# strip punctuation
	strip = str.maketrans('', '', string.punctuation)
	words = [w.translate(strip) for w in words]
	# letters only
	words = [w for w in words if w.isalpha()]
	# lower case
	words = [w.lower() for w in words]
	return words

# tidy a whole document
def tidy_doc(body):
	# double dash becomes a space
	body = body.replace('--', ' ')
	# whitespace split
	words = body.split()
	# strip punctuation
	strip = str.maketrans('', '', string.punctuation)
	words = [w.translate(strip) for w in words]
	# letters only
	words = [w for w in words if w.isalpha()]
	# lower case
	words = [w.lower() for w in words]
	return words

# # example
# words = tidy_doc(body)
# print(words[:200])
# print('words: %d' % len(words))
# print('distinct: %d' % len(set(words)))

# write one item per line
def write_rows(rows, fname):
	body = '\n'.join(rows)
	fh = open(fname, 'w')
	fh.write(body)
	fh.close()
