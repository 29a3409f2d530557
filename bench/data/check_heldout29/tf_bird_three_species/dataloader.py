# older signature: def list_bird_files(size):
def extract_zip(zip_path):
    with ZipFile(zip_path, 'r') as zf:
        zf.printdir()
        zf.extractall()
        print('extracted')
    

def list_bird_files():
  # if size == 100:

  #   myna_files = [k for k in os.walk('CM100')][0][2]
  #   sparrow_files = [k for k in os.walk('HS100')][0][2]
  #   crow_files = [k for k in os.walk('HC100')][0][2]

  # elif size == 200:
  #   myna_files = [k for k in os.walk('CM200')][0][2]
  #   sparrow_files = [k for k in os.walk('HS200')][0][2]
  #   crow_files = [k for k in os.walk('HC200')][0][2]

  # elif size == 224:
  #   myna_files = [k for k in os.walk('CM224')][0][2]
  #   sparrow_files = [k for k in os.walk('HS224')][0][2]
  #   crow_files = [k for k in os.walk('HC224')][0][2]

  # else:
  #   return 'size not supported'
  myna_files = [k for k in os.walk('CM100')][0][2]
  sparrow_files = [k for k in os.walk('HS100')][0][2]
  crow_files = [k for k in os.walk('HC100')][0][2]

  # myna_files = ['CM100/' + myna_files[k] for k in range(len(myna_files))]
  # sparrow_files = ['HS100/' + sparrow_files[k] for k in range(len(sparrow_files))]
  # crow_files = ['HC100/' + crow_files[k] for k in range(len(crow_files))]


  myna_files = ['CM100/' + myna_files[k] for k in range(len(myna_files))]
  sparrow_files = ['HS100/' + sparrow_files[k] for k in range(len(sparrow_files))]
  crow_files = ['HC100/' + crow_files[k] for k in range(len(crow_files))]

  myna_labels = [0]*len(myna_files)
  sparrow_labels = [1]*len(sparrow_files)
  crow_labels = [2]*len(crow_files)

  bird_data = myna_files+sparrow_files+crow_files
  bird_labels = myna_labels + sparrow_labels + crow_labels

  return bird_data, bird_label

def read_bird_images(bird_data):
    images_read = []

    for image_path in bird_data:
        images_read.append(cv2.imread(image_path))

    return images_read
