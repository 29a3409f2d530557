# build the pickled arrays from the PetImages folders
src_root = "PetImages"

# the two classes
KINDS = ["Dog", "Cat"]

# peek at every picture once
for kind in KINDS:
    folder = os.path.join(src_root,kind)
    for fname in os.listdir(folder):
        gray = cv2.imread(os.path.join(folder,fname) ,cv2.IMREAD_GRAYSCALE)  # read as one channel
        plt.imshow(gray, cmap='gray')
        plt.show()

print(gray)

SIDE = 128
small = cv2.resize(gray, (SIDE,SIDE))
plt.imshow(small, cmap='gray')
plt.show()

# gather every sample here
samples = []

def collect_samples():
    for kind in KINDS:

        folder = os.path.join(src_root,kind)
        kind_id = KINDS.index(kind)  # 0 for dog, 1 for cat

        for fname in os.listdir(folder):
            try:
                gray = cv2.imread(os.path.join(folder,fname) ,cv2.IMREAD_GRAYSCALE)  # read as one channel
                small = cv2.resize(gray, (SIDE, SIDE))  # same size for all
                samples.append([small, kind_id])
            except Exception as err:
                pass

collect_samples()

print(len(samples)) # how many were read

random.shuffle(samples)

# split into inputs and targets
feats = []
targets = []

for pic, tag in samples:
    feats.append(pic)
    targets.append(tag)

feats = np.array(feats).reshape(-1, SIDE, SIDE, 1)

# write the inputs
out_f = open("x.pickle", "wb")
pickle.dump(feats, out_f)
out_f.close()

# write the targets
out_f = open("y.pickle","wb")
pickle.dump(targets, out_f)
out_f.close()
