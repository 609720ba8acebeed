#!/bin/bash
cd /tmp/ab
pids=$(pgrep -f "richelieu.jar tune")
kill -STOP $pids
opts="-f 1 -wi 3 -w 1s -i 8 -r 1s"
for round in 1 2 3 4; do
  java -jar old.jar $opts -rf json -rff p-old-$round.json 'PlayoutBench.randomGame$|SearchBench.ismcts2MastTakesThroughput' > /dev/null 2>&1
  java -jar new.jar $opts -rf json -rff p-new-$round.json 'PlayoutBench.randomGame$' > /dev/null 2>&1
  java -jar new.jar $opts -rf json -rff s-new-$round.json -p 'bot=ismcts-mast:mastOn=takes' 'SearchBench.search' > /dev/null 2>&1
  echo "round $round"; uptime
done
kill -CONT $pids
echo resumed
