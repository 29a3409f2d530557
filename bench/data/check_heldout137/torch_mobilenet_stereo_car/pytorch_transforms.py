from torchvision import transforms, utils

def transform_sample(sample):
    to_tensor = transforms.Compose([
                            transforms.Resize((320,240)),
                            transforms.ToTensor(),
                            transforms.Normalize(mean=(0,0,0), std=(1,1,1))
                        ])
    # split the side-by-side frame into its two halves
    sample["image_left"] = to_tensor(sample["image"].crop((0,0,320,240)))
    sample["image_right"] = to_tensor(sample["image"].crop((320,0,640,240)))
    # throttle: map [90, 105] onto [0,1]
    sample["throttle"] -= 90.0
    sample["throttle"] /= 15.0
    # steering: map [60,120] onto [0,1]
    sample["steer"] -= 60.0
    sample["steer"] /= 60.0
    del sample["image"]
    return sample
