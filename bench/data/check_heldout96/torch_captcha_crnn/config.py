IMG_FOLDER = "input/captcha_images_v2/"
BS = 8
W = 300
H = 75
WORKERS = 8
N_EPOCHS = 200
DEV = "cuda"
