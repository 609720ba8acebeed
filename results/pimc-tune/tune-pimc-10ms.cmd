nice -n 10 java -jar /work/compute/tunepimc/richelieu.jar tune 'pimc:millis=10,clock=cpu' \
  --param c=0.1..1.0,c_end=0.15,r_end=0.04 \
  --param margin=0..1,c_end=0.15,r_end=0.04 \
  --param epsilon=0..1,c_end=0.15,r_end=0.04 \
  --param cutoff=1..6,c_end=0.8,r_end=0.04 \
  --param evalScale=2..30,c_end=4.5,r_end=0.04 \
  --iterations 64 --batch 8 --seed 43301 --threads 1 --no-progress \
  --json /work/compute/tunepimc/tune-pimc-10ms.json
