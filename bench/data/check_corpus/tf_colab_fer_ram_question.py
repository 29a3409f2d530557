# source: https://www.mejorcodigo.com/p/50542.html
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# emotion ids: angry, disgust, fear, happy, sad, surprise, neutral -> "0" .. "6"
emotions = ["0", "1", "2", "3", "4", "5", "6"]

SIDE = 224

all_training_data = []


def collect_training_data():
    for emotion in emotions:
        folder = os.path.join(rootDir, emotion)
        class_id = emotions.index(emotion)
        for fname in os.listdir(folder):
            try:
                img_bgr = cv2.imread(os.path.join(folder, fname))
                img_small = cv2.resize(img_bgr, (SIDE, SIDE))
                all_training_data.append([img_small, class_id])
            except Exception as err:
                pass


collect_training_data()

random.shuffle(all_training_data)

images = []
targets = []

for pic, target in all_training_data:
    images.append(pic)
    targets.append(target)

images = np.array(images).reshape(-1, SIDE, SIDE, 3)

images = images / 255.0

targets = np.array(targets)
